import { settingsRepository } from '@freguesia/functions/settings/settings.repository';
import type { Seeder } from './types';

/**
 * The programme texts the portal shows (/cadastro and its 'Regulamento'), as a retailer would write
 * them. Section titles are bold paragraphs rather than headings: the portal keeps one heading
 * outline per page.
 */
interface ProgrammeTexts {
  description: string;
  term: string;
}

const PROGRAMMES: Record<string, ProgrammeTexts> = {
  demo: {
    description: [
      'O Clube Demo é o programa de fidelidade do Supermercado Demo: é gratuito e vale em todas as nossas lojas.',
      'Informe seu CPF no caixa a cada compra e receba ofertas exclusivas, descontos no aniversário e cupons pensados para o que você costuma levar para casa.',
      'O cadastro leva menos de dois minutos. Depois, é só acompanhar as novidades pelo e-mail, SMS ou WhatsApp que você escolher.',
    ].join('\n\n'),
    term: [
      '<p><strong>1. O programa</strong></p>',
      '<p>O Clube Demo é oferecido pelo Supermercado Demo a pessoas físicas maiores de 18 anos com CPF válido. A participação é gratuita e voluntária.</p>',
      '<p><strong>2. Cadastro</strong></p>',
      '<p>O participante se compromete a informar dados verdadeiros e a mantê-los atualizados pelo portal. Cada CPF pode ter um único cadastro.</p>',
      '<p><strong>3. Benefícios</strong></p>',
      '<ul><li>Ofertas e preços exclusivos identificados nas lojas com a marca do Clube;</li>',
      '<li>cupons de desconto enviados pelos canais escolhidos no cadastro;</li>',
      '<li>condições especiais no mês do aniversário.</li></ul>',
      '<p>Os benefícios valem somente nas compras em que o CPF do participante for informado no caixa, não são cumulativos com outras promoções, salvo indicação em contrário, e não podem ser trocados por dinheiro.</p>',
      '<p><strong>4. Privacidade</strong></p>',
      '<p>Os dados pessoais são tratados conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018), apenas para operar o programa e enviar as comunicações autorizadas. O participante pode pedir acesso, correção ou exclusão dos seus dados a qualquer momento no atendimento das lojas.</p>',
      '<p><strong>5. Alterações e encerramento</strong></p>',
      '<p>Este regulamento pode ser alterado com aviso prévio de 30 dias no portal. O participante pode deixar o programa quando quiser, e o Supermercado Demo pode encerrá-lo com aviso prévio de 60 dias.</p>',
    ].join(''),
  },
  verde: {
    description: [
      'Bem-vindo ao Clube Verde, o programa de vantagens do Hortifruti Verde.',
      'Cadastre-se, informe seu CPF nas compras e receba toda semana as ofertas de frutas, verduras e legumes da estação, além de receitas e dicas para aproveitar melhor cada produto.',
      'Participar é gratuito e você pode sair quando quiser.',
    ].join('\n\n'),
    term: [
      '<p><strong>1. Participação</strong></p>',
      '<p>Podem participar pessoas físicas maiores de 18 anos com CPF válido, mediante cadastro neste portal ou em uma das lojas do Hortifruti Verde.</p>',
      '<p><strong>2. Vantagens</strong></p>',
      '<p>Os participantes recebem ofertas semanais e descontos exclusivos, válidos nas compras identificadas com o CPF e enquanto durarem os estoques.</p>',
      '<p><strong>3. Dados pessoais</strong></p>',
      '<p>Os dados informados são usados somente para o programa e para as comunicações autorizadas, de acordo com a Lei Geral de Proteção de Dados (Lei nº 13.709/2018).</p>',
      '<p><strong>4. Vigência</strong></p>',
      '<p>O programa tem prazo indeterminado. Mudanças neste regulamento serão publicadas no portal com 30 dias de antecedência.</p>',
    ].join(''),
  },
};

export const portalSeeder: Seeder = {
  name: 'portal',
  async run({ tenant }) {
    const texts = PROGRAMMES[tenant];
    if (!texts) return 'sem textos do programa';
    const settings = settingsRepository(tenant);
    // Never overwrite what staff already wrote in Ajustes.
    if (!(await settings.get('program_description')))
      await settings.upsert('program_description', texts.description, 1);
    if (!(await settings.get('program_term'))) await settings.upsert('program_term', texts.term, 1);
    return 'descrição e regulamento do programa';
  },
};
