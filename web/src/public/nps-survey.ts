import { SURVEY_MESSAGES, fromBase62 } from '@freguesia/shared/domain/nps';

/**
 * The public NPS survey (/nps?hash=…, spec part 3 §2, §5, §7) without React or the design system:
 * the page people open from an e-mail or SMS on their phone, so it stays a few KB of script. Flow:
 * loading → the link's hash buys a token (GET /internalservices/login/url-token) → the layout
 * (GET /nps/layout, sanitised by the server when it was saved) with the score and the observation
 * → POST /nps/submit → thanks or error screen.
 */

export type SurveyState = 'loading' | 'form' | 'sending' | 'thanks' | 'answered' | 'error';

/** The customer id the hash names (its first base-62 part), for the url-token call. */
export function customerOfHash(hash: string): number | undefined {
  return fromBase62(hash.split(';')[0] ?? '');
}

interface Fetcher {
  (input: string, init?: RequestInit): Promise<Response>;
}

/** The survey's calls, bound to the link's hash. */
export function surveyClient(hash: string, fetcher: Fetcher = fetch) {
  let token = '';
  const json = (res: Response) => res.json().catch(() => ({})) as Promise<Record<string, unknown>>;
  return {
    /** 'ok', 'answered' (409: already answered) or 'error'. */
    async start(): Promise<'ok' | 'answered' | 'error'> {
      const customer = customerOfHash(hash);
      if (!customer) return 'error';
      const res = await fetcher(`/api/internalservices/login/url-token?id_customer=${customer}`, {
        headers: { authorization: `Bearer ${hash}` },
      });
      if (res.status === 409) return 'answered';
      if (!res.ok) return 'error';
      token = String((await json(res)).token ?? '');
      return token ? 'ok' : 'error';
    },
    async layout(): Promise<string> {
      const res = await fetcher('/api/nps/layout', { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`layout ${res.status}`);
      return String((await json(res)).html ?? '');
    },
    async submit(answer: {
      score: number | undefined;
      observation: string;
    }): Promise<'ok' | 'answered' | 'invalid' | 'error'> {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
      const [, survey] = hash.split(';');
      const res = await fetcher('/api/nps/submit', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          id: fromBase62(survey ?? ''),
          id_customer: customerOfHash(hash),
          answered_at: `${date} ${pad(now.getHours())}:${pad(now.getMinutes())}`,
          answered_date: date,
          score: answer.score,
          observation: answer.observation,
        }),
      });
      if (res.ok) return 'ok';
      if (res.status === 409) return 'answered';
      if (res.status === 400) return 'invalid';
      return 'error';
    },
  };
}

const SCORES = Array.from({ length: 11 }, (_, i) => i);

/** The form under the layout: 0–10 as radio buttons, the observation, 'Enviar'. */
function formMarkup(): string {
  return `<form class="nps-form" data-testid="nps-form" novalidate>
  <p class="nps-question" id="nps-question">De 0 a 10, qual a chance de você nos recomendar a um amigo?</p>
  <fieldset class="nps-scores" aria-labelledby="nps-question">
    ${SCORES.map(
      (s) =>
        `<label><input type="radio" name="score" value="${s}" data-testid="nps-score-${s}" aria-label="Nota ${s}"><span>${s}</span></label>`,
    ).join('')}
  </fieldset>
  <div class="nps-ends" aria-hidden="true"><span>Nada provável</span><span>Muito provável</span></div>
  <label class="nps-observation" for="nps-observation">Quer nos contar algo mais? <small>(opcional)</small></label>
  <textarea id="nps-observation" name="observation" maxlength="1000" data-testid="nps-observation"></textarea>
  <button type="submit" data-testid="nps-submit">Enviar</button>
</form>`;
}

/** Runs the survey in `root` (the page's <main>). */
export async function runSurvey(
  root: HTMLElement,
  search: string,
  fetcher: Fetcher = fetch,
): Promise<SurveyState> {
  const card = root.querySelector<HTMLElement>('.nps-card') ?? root;
  const show = (state: SurveyState, text?: string) => {
    root.dataset.state = state;
    root.setAttribute('aria-busy', state === 'loading' || state === 'sending' ? 'true' : 'false');
    if (text !== undefined) {
      card.replaceChildren();
      const p = document.createElement('p');
      p.className = 'nps-result';
      p.setAttribute('role', 'status');
      p.dataset.testid = `nps-${state}`;
      p.textContent = text;
      card.append(p);
    }
    return state;
  };
  const hash = new URLSearchParams(search).get('hash') ?? '';
  const client = surveyClient(hash, fetcher);
  try {
    const started = await client.start();
    if (started === 'answered') return show('answered', SURVEY_MESSAGES.alreadyAnswered);
    if (started === 'error') return show('error', SURVEY_MESSAGES.failure);
    const layout = document.createElement('div');
    layout.className = 'nps-layout';
    layout.dataset.testid = 'nps-layout';
    // Sanitised by the server when the settings were saved (functions/src/nps/settings.service.ts).
    layout.innerHTML = await client.layout();
    card.replaceChildren(layout);
    card.insertAdjacentHTML('beforeend', formMarkup());
  } catch {
    return show('error', SURVEY_MESSAGES.failure);
  }
  show('form');
  const form = card.querySelector<HTMLFormElement>('form')!;
  return new Promise<SurveyState>((resolve) => {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const picked = data.get('score');
      const score = picked === null ? undefined : Number(picked);
      // The spec: without a score, the alert, and the submission is still attempted.
      if (score === undefined) window.alert(SURVEY_MESSAGES.chooseScore);
      const button = form.querySelector('button')!;
      button.disabled = true;
      show('sending');
      void client
        .submit({ score, observation: String(data.get('observation') ?? '') })
        .then((outcome) => {
          if (outcome === 'invalid' && score === undefined) {
            button.disabled = false;
            show('form');
            return;
          }
          resolve(
            outcome === 'ok'
              ? show('thanks', SURVEY_MESSAGES.thanks)
              : outcome === 'answered'
                ? show('answered', SURVEY_MESSAGES.alreadyAnswered)
                : show('error', SURVEY_MESSAGES.failure),
          );
        })
        .catch(() => resolve(show('error', SURVEY_MESSAGES.failure)));
    });
  });
}
