/** GridDesk mark: a rising grid line inside a rounded square, drawn inline (no image request). */
export function Logo({ size = 32, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <span className="logo">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#0f9d76" />
        <path d="M8 8v16h16" stroke="#d5f5ea" strokeWidth="1.5" fill="none" opacity="0.6" />
        <path d="M8 21l5-5 4 3 7-8" stroke="#ffffff" strokeWidth="2.4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {withName && <span className="logo-name">GridDesk</span>}
    </span>
  );
}
