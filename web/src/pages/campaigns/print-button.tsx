import Button from '@cloudscape-design/components/button';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { tenantQuery } from '../../api/auth';
import { useCampaignPaymentMethods, type CampaignDetails } from '../../api/campaigns';
import { useAllBrands, useCategoryTree, useStores } from '../../api/catalog';
import { saveBlob } from '../../api/download';
import { notify } from '../../app/notifications/notify';
import { TENANT } from '../../app/tenant';
import { categoryPathOptions } from './form-model';

/** The query's data, read now if it has none yet; undefined when not needed or unreadable (ids are printed then). */
async function dataOf<T>(query: UseQueryResult<T>, needed = true): Promise<T | undefined> {
  if (!needed) return undefined;
  return query.data ?? (await query.refetch()).data;
}

/**
 * 'Imprimir': saves the campaign's A4 printout as `campanha-{id}.pdf` (spec part 2 §2.1). The
 * names it prints (tenant, stores, payment methods, brands, categories) come from the cached option
 * lists; the printout's code and the PDF library load on the first click.
 */
export function CampaignPrintButton({ campaign }: { campaign: CampaignDetails | undefined }) {
  const [busy, setBusy] = useState(false);
  const tenant = useQuery(tenantQuery());
  const stores = useStores(campaign !== undefined);
  const payments = useCampaignPaymentMethods((campaign?.payments.length ?? 0) > 0);
  const brands = useAllBrands((campaign?.brands.length ?? 0) > 0);
  const dc = campaign?.type === 'DC' && campaign.info.categories !== '';
  const categories = useCategoryTree(dc);

  const print = async () => {
    if (!campaign) return;
    setBusy(true);
    try {
      const [tenantData, storeList, paymentList, brandList, tree] = await Promise.all([
        dataOf(tenant),
        dataOf(stores),
        dataOf(payments, campaign.payments.length > 0),
        dataOf(brands, campaign.brands.length > 0),
        dataOf(categories, dc),
      ]);
      // The document's code and the PDF library (≈ 150 KB gzip) load on the first print only.
      const { buildCampaignPdf, campaignPdfFileName } = await import('./printout');
      const doc = await buildCampaignPdf(campaign, {
        tenantName: tenantData?.name || (tenantData?.tenant ?? TENANT).toUpperCase(),
        stores: new Map(storeList?.map((s) => [s.id, s.name])),
        payments: new Map(paymentList?.map((p) => [p.id, p.description])),
        brands: new Map(brandList?.map((b) => [b.id, b.description])),
        categories: new Map(categoryPathOptions(tree ?? []).map((o) => [o.value, o.label])),
      });
      saveBlob(doc.output('blob'), campaignPdfFileName(campaign.id));
    } catch (error) {
      console.error(error);
      notify({
        type: 'error',
        header: 'Erro ao gerar o PDF',
        content: 'Não foi possível gerar a impressão da campanha. Tente novamente.',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      iconName="file"
      loading={busy}
      disabled={!campaign}
      data-testid="campaign-print"
      onClick={() => void print()}
    >
      Imprimir
    </Button>
  );
}
