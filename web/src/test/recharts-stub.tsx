/**
 * recharts, stubbed for the web tests (setup.ts): every chart component draws nothing. The tests read a
 * chart's figures from the table each chart carries for screen readers (features/admin/charts.tsx), never
 * the picture, and importing and laying out recharts in jsdom cost seconds per admin test file. The browser
 * suite draws the real charts (e2e/admin.spec.ts). A test that looks at the picture calls
 * `vi.unmock("recharts")`.
 */
const Nothing = () => null;

export const Bar = Nothing;
export const BarChart = Nothing;
export const CartesianGrid = Nothing;
export const Cell = Nothing;
export const Legend = Nothing;
export const Line = Nothing;
export const LineChart = Nothing;
export const Pie = Nothing;
export const PieChart = Nothing;
export const ResponsiveContainer = Nothing;
export const Tooltip = Nothing;
export const XAxis = Nothing;
export const YAxis = Nothing;
