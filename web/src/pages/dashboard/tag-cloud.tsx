import Box from '@cloudscape-design/components/box';
import { formatCount } from '../../components/format';

/** Dark enough for text on white (contrast ≥ 4.5:1). */
const TAG_COLORS = ['#0b5394', '#8a4f00', '#00704f', '#8e3b73'];
const MIN_EM = 0.9;
const MAX_EM = 2.2;
/** Beyond this many tags the cloud stops being readable. */
const MAX_TAGS = 60;

/** Customers per tag: each tag sized by how many customers carry it (alphabetical, like a cloud). */
export function TagCloud({ tags }: { tags: { tag: string; qty: number }[] }) {
  const shown = tags.slice(0, MAX_TAGS);
  if (shown.length === 0) {
    return (
      <Box textAlign="center" color="text-body-secondary" padding="xl">
        Nenhum cliente com tags
      </Box>
    );
  }
  const max = Math.max(...shown.map((t) => t.qty));
  const min = Math.min(...shown.map((t) => t.qty));
  const size = (qty: number) =>
    max === min ? (MIN_EM + MAX_EM) / 2 : MIN_EM + ((qty - min) / (max - min)) * (MAX_EM - MIN_EM);
  return (
    <ul data-testid="dashboard-tags" className="dashboard-tag-cloud">
      {[...shown]
        .sort((a, b) => a.tag.localeCompare(b.tag, 'pt-BR'))
        .map((t, i) => (
          <li
            key={t.tag}
            title={`${t.tag}: ${formatCount(t.qty)} clientes`}
            style={{ fontSize: `${size(t.qty).toFixed(2)}em`, color: TAG_COLORS[i % TAG_COLORS.length] }}
          >
            {t.tag}
            <span className="dashboard-tag-count"> ({formatCount(t.qty)})</span>
          </li>
        ))}
    </ul>
  );
}
