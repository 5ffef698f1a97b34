/**
 * A stand-in for '@ant-design/charts' in jsdom tests (canvas charts do not draw there):
 *   vi.mock('@ant-design/charts', () => import('<path>/components/charts/testing/chartsMock'));
 * Each chart renders a div whose data-chart names it and whose data-json carries its data, so
 * a test reads what the chart was given.
 */
interface StubProps {
  data?: unknown;
  height?: number;
}

function stub(name: string) {
  return function ChartStub({ data, height }: StubProps) {
    return <div data-testid={`chart-${name}`} data-chart={name} data-height={height} data-json={JSON.stringify(data ?? null)} />;
  };
}

export const Line = stub('line');
export const Pie = stub('pie');
export const Tiny = { Line: stub('tiny-line') };

/** The data a stub chart was given. */
export function chartData<T = unknown>(element: Element): T {
  return JSON.parse(element.getAttribute('data-json') ?? 'null') as T;
}
