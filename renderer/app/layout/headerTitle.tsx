/**
 * Lets a page rename the header's title while it shows: the route alone names the screen
 * (SPEC's 'Running Bot'), but only the page knows that this bot has stopped.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

type SetTitle = (title: string | null) => void;

const TitleContext = createContext<string | null>(null);
const SetTitleContext = createContext<SetTitle | null>(null);

export function HeaderTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string | null>(null);
  return (
    <SetTitleContext.Provider value={setTitle}>
      <TitleContext.Provider value={title}>{children}</TitleContext.Provider>
    </SetTitleContext.Provider>
  );
}

/** The title a page asked for, else the route's. */
export function useHeaderTitle(routeTitle: string): string {
  return useContext(TitleContext) ?? routeTitle;
}

/** Shows `title` in the header while the calling page is mounted (null: the route's title). */
export function useHeaderTitleOverride(title: string | null): void {
  const setTitle = useContext(SetTitleContext);
  useEffect(() => {
    if (!setTitle) return undefined;
    setTitle(title);
    return () => setTitle(null);
  }, [setTitle, title]);
}
