import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { toDisplayDate } from '@freguesia/shared/domain/dates';
import { useShortLinkVisits, type ShortLink } from '../../api/shortlinks';

const PERIODS = [
  { id: '7', text: '7 dias' },
  { id: '30', text: '30 dias' },
  { id: '90', text: '90 dias' },
];

function download(name: string, href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

/** QR code of a link (PNG and SVG downloads, drawn in the browser) and its visits per day. */
export function ShortLinkDetails({ link, onClose }: { link: ShortLink; onClose: () => void }) {
  const [svg, setSvg] = useState<string>();
  const [days, setDays] = useState('30');
  const visits = useShortLinkVisits(link.id, Number(days));

  useEffect(() => {
    let live = true;
    // Loaded only here: the list stays light.
    void import('qrcode').then(async (qrcode) => {
      const text = await qrcode.toString(link.shortlink, {
        type: 'svg',
        margin: 2,
        errorCorrectionLevel: 'M',
      });
      if (live) setSvg(text);
    });
    return () => {
      live = false;
    };
  }, [link.shortlink]);

  async function downloadPng() {
    const qrcode = await import('qrcode');
    download(`link-${link.slug}.png`, await qrcode.toDataURL(link.shortlink, { width: 1024, margin: 2 }));
  }
  function downloadSvg() {
    if (!svg) return;
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    download(`link-${link.slug}.svg`, url);
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  const series = (visits.data?.data ?? []).map((d) => ({
    x: toDisplayDate(d.day)!.slice(0, 5),
    y: d.visits,
  }));
  return (
    <Modal visible size="large" header={`Link ${link.id}: ${link.description}`} onDismiss={onClose}>
      <SpaceBetween size="l">
        <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'center' }}>
          <div
            data-testid="shortlink-qrcode"
            style={{ width: 180, height: 180 }}
            // The SVG is generated here by the qrcode library from the link's own address.
            dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
          />
          <SpaceBetween size="s">
            <Box variant="code">{link.shortlink}</Box>
            <SpaceBetween direction="horizontal" size="xs">
              <Button iconName="download" onClick={() => void downloadPng()} data-testid="shortlink-qr-png">
                Baixar PNG
              </Button>
              <Button
                iconName="download"
                onClick={downloadSvg}
                disabled={!svg}
                data-testid="shortlink-qr-svg"
              >
                Baixar SVG
              </Button>
            </SpaceBetween>
          </SpaceBetween>
        </div>
        <SpaceBetween size="s">
          <SpaceBetween direction="horizontal" size="m" alignItems="center">
            <Box variant="h3">Acessos por dia</Box>
            <SegmentedControl
              selectedId={days}
              options={PERIODS}
              onChange={({ detail }) => setDays(detail.selectedId)}
              label="Período"
            />
            <Box data-testid="shortlink-visits-total">Total no período: {visits.data?.total ?? '…'}</Box>
          </SpaceBetween>
          <BarChart
            series={[{ title: 'Acessos', type: 'bar', data: series }]}
            xScaleType="categorical"
            height={220}
            hideFilter
            hideLegend
            statusType={visits.isPending ? 'loading' : visits.isError ? 'error' : 'finished'}
            loadingText="Carregando acessos"
            errorText="Não foi possível carregar os acessos."
            empty={<Box textAlign="center">Nenhum acesso no período.</Box>}
            ariaLabel="Acessos por dia"
          />
        </SpaceBetween>
      </SpaceBetween>
    </Modal>
  );
}
