import { CommunicationAnalyticsPage } from '../common/analytics-page';
import { emailCounters } from './analytics-model';
import { EMAIL_LIST } from './form-model';

/**
 * /communication/email/analytics/:id (read Campaigns; spec part 3 §2, §3 'Analytics rows', §7): the
 * counters of the e-mail's events (Enviados, Entregues, Abertos, Cliques, Descartados, Adiados,
 * Devolvidos, Reclamações), bars of them (they overlap: an opened e-mail was also delivered, so a
 * pie would mislead), and 'Criar lead' of the customers who received, opened, clicked or bounced,
 * which opens the new lead (/lead/edit/{id}).
 */
export default function EmailAnalyticsPage() {
  return (
    <CommunicationAnalyticsPage
      testId="email"
      title="Detalhes de performance do e-mail"
      list={EMAIL_LIST}
      countersOf={emailCounters}
      chart={{ title: 'Eventos dos e-mails', kind: 'bars', of: (counters) => counters }}
      detail={(campaign) => campaign.info.layout_title}
    />
  );
}
