import { CommunicationAnalyticsPage } from '../common/analytics-page';
import { smsCounters } from './analytics-model';
import { SMS_LIST } from './form-model';

/**
 * /communication/sms/analytics/:id (read Campaigns; spec part 3 §2, §3 'Analytics rows', §7): the
 * counters of the SMS sends (Enviados, Entregues, Não entregues, Rejeitados), a pie of the outcomes
 * and 'Criar lead' of each outcome's customers, which opens the new lead (/lead/edit/{id}).
 */
export default function SmsAnalyticsPage() {
  return (
    <CommunicationAnalyticsPage
      testId="sms"
      title="Detalhes de performance do SMS"
      list={SMS_LIST}
      countersOf={smsCounters}
      chart={{ title: 'Resultado dos envios', kind: 'pie', of: (counters) => counters.slice(1) }}
    />
  );
}
