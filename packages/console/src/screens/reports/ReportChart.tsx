// A horizontal bar chart as plain SVG – the chart chunk the report screen loads lazily (ADR 0007: no chart library;
// the few bar charts need no axes, zoom or animation, and every chart has its data table beside it for screen
// readers). The SVG is one image with a name that points to that table; the bars carry their values as text, so
// nothing depends on colour alone.
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export interface ChartBar {
  readonly label: string;
  readonly value: number;
  /** The value as shown ("12", "3,8"). */
  readonly display: string;
}

export interface ReportChartProps {
  readonly title: string;
  readonly bars: readonly ChartBar[];
}

const ROW = 28;
const LABEL_WIDTH = 220;
const BAR_AREA = 300;
const VALUE_WIDTH = 70;

export default function ReportChart({ title, bars }: ReportChartProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = LABEL_WIDTH + BAR_AREA + VALUE_WIDTH;
  const height = Math.max(1, bars.length) * ROW;
  const cut = (label: string) => (label.length > 30 ? `${label.slice(0, 29)}…` : label);
  return (
    <svg
      role="img"
      aria-label={t('Reports.ChartLabel', { title })}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      // Never shrunk below 85 % (13 px text stays ≥ 11 px): on a phone the chart scrolls sideways instead.
      style={{ maxWidth: width, minWidth: Math.round(width * 0.85), display: 'block' }}
      data-testid="report-chart"
    >
      {bars.map((bar, index) => {
        const y = index * ROW;
        const barWidth = Math.round((bar.value / max) * BAR_AREA);
        return (
          <g key={`${bar.label}-${index}`}>
            <text x={LABEL_WIDTH - 8} y={y + ROW / 2} textAnchor="end" dominantBaseline="middle" fontSize="13" fill={theme.palette.text.primary}>
              {cut(bar.label)}
            </text>
            <rect x={LABEL_WIDTH} y={y + 5} width={Math.max(barWidth, bar.value > 0 ? 2 : 0)} height={ROW - 10} fill={theme.palette.primary.main} rx="2" />
            <text x={LABEL_WIDTH + barWidth + 6} y={y + ROW / 2} dominantBaseline="middle" fontSize="13" fill={theme.palette.text.primary}>
              {bar.display}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
