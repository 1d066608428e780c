/**
 * Fixed tables behind the catalogue seed: stores in six Brazilian cities, brands, suppliers, a
 * three-level category tree and product templates per leaf category (brand × variant × base price
 * in centavos). `catalog.ts` turns them into records deterministically.
 */

export interface StoreSeed {
  name: string;
  zipcode: string;
  address: string;
  number: string;
  complement?: string;
  neighborhood: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export const DEMO_STORES: StoreSeed[] = [
  {
    name: 'Freguesia Paulista',
    zipcode: '01310200',
    address: 'Avenida Paulista',
    number: '1578',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    latitude: -23.5614,
    longitude: -46.6559,
  },
  {
    name: 'Freguesia Copacabana',
    zipcode: '22050001',
    address: 'Avenida Nossa Senhora de Copacabana',
    number: '680',
    neighborhood: 'Copacabana',
    city: 'Rio de Janeiro',
    state: 'RJ',
    latitude: -22.9673,
    longitude: -43.184,
  },
  {
    name: 'Freguesia Savassi',
    zipcode: '30130151',
    address: 'Rua Pernambuco',
    number: '1077',
    neighborhood: 'Savassi',
    city: 'Belo Horizonte',
    state: 'MG',
    latitude: -19.9386,
    longitude: -43.9351,
  },
  {
    name: 'Freguesia Batel',
    zipcode: '80420090',
    address: 'Avenida do Batel',
    number: '1868',
    neighborhood: 'Batel',
    city: 'Curitiba',
    state: 'PR',
    latitude: -25.442,
    longitude: -49.2906,
  },
  {
    name: 'Freguesia Moinhos',
    zipcode: '90570080',
    address: 'Rua Padre Chagas',
    number: '300',
    neighborhood: 'Moinhos de Vento',
    city: 'Porto Alegre',
    state: 'RS',
    latitude: -30.026,
    longitude: -51.203,
  },
  {
    name: 'Freguesia Barra',
    zipcode: '40140110',
    address: 'Avenida Sete de Setembro',
    number: '3959',
    complement: 'Loja 1',
    neighborhood: 'Barra',
    city: 'Salvador',
    state: 'BA',
    latitude: -13.0085,
    longitude: -38.53,
  },
];

export const VERDE_STORES: StoreSeed[] = [
  {
    name: 'Verde Pinheiros',
    zipcode: '05422010',
    address: 'Rua dos Pinheiros',
    number: '870',
    neighborhood: 'Pinheiros',
    city: 'São Paulo',
    state: 'SP',
    latitude: -23.5659,
    longitude: -46.6847,
  },
  {
    name: 'Verde Vila Mariana',
    zipcode: '04101000',
    address: 'Rua Domingos de Morais',
    number: '1200',
    neighborhood: 'Vila Mariana',
    city: 'São Paulo',
    state: 'SP',
    latitude: -23.5878,
    longitude: -46.6367,
  },
];

export const BUSINESS_HOURS = {
  sunday: '08:00 às 14:00',
  monday: '07:00 às 22:00',
  tuesday: '07:00 às 22:00',
  wednesday: '07:00 às 22:00',
  thursday: '07:00 às 22:00',
  friday: '07:00 às 22:00',
  saturday: '07:00 às 21:00',
};

/** [reference_code, description] — the reference doubles as the EAN company prefix (4 digits). */
export const BRANDS: [string, string][] = [
  ['1001', 'Camil'],
  ['1002', 'Tio João'],
  ['1003', 'Nestlé'],
  ['1004', 'Pilão'],
  ['1005', 'Bauducco'],
  ['1006', 'Italac'],
  ['1007', 'Piracanjuba'],
  ['1008', 'Coca-Cola'],
  ['1009', 'Ambev'],
  ['1010', 'Ypê'],
  ['1011', 'Omo'],
  ['1012', 'Colgate'],
  ['1013', 'Dove'],
  ['1014', 'Liza'],
  ['1015', 'Barilla'],
  ['1016', 'Kitano'],
  ['1017', 'Do Campo'],
  ['1018', 'Freguesia'],
];

/** The demo tenant's private label, added to every packaged (non-weighable) variant. */
export const PRIVATE_LABEL = '1018';

/** [reference_code, name, 12-digit CNPJ base] */
export const PARTNERS: [string, string, string][] = [
  ['F001', 'Distribuidora Paulista de Alimentos Ltda', '112223330001'],
  ['F002', 'Atacadão Rio Grande Comércio S/A', '223334440001'],
  ['F003', 'Laticínios Serra Verde Ltda', '334445550001'],
  ['F004', 'Bebidas do Vale Distribuição Ltda', '445556660001'],
  ['F005', 'Higiene Total Representações Ltda', '556667770001'],
  ['F006', 'Ceasa Hortifruti Fornecimentos Ltda', '667778880001'],
  ['F007', 'Grãos do Cerrado Cerealista Ltda', '778889990001'],
  ['F008', 'Limpa Mais Distribuidora S/A', '889990000001'],
  ['F009', 'Nordeste Alimentos e Bebidas Ltda', '990001110001'],
  ['F010', 'Sul Frios e Laticínios Ltda', '101112120001'],
];

/** [description, [variant, base regular price in centavos][], brand references, weighable] */
export type Leaf = [string, [string, number][], string[], boolean?];
export type Branch = [string, Leaf[]];
export type Root = [string, Branch[]];

export const CATEGORY_TREE: Root[] = [
  [
    'Mercearia',
    [
      [
        'Grãos e Cereais',
        [
          [
            'Arroz',
            [
              ['Arroz Branco Tipo 1 5kg', 2890],
              ['Arroz Branco Tipo 1 1kg', 689],
              ['Arroz Parboilizado 5kg', 2990],
              ['Arroz Integral 1kg', 899],
            ],
            ['1001', '1002'],
          ],
          [
            'Feijão',
            [
              ['Feijão Carioca Tipo 1 1kg', 849],
              ['Feijão Preto Tipo 1 1kg', 929],
              ['Feijão Fradinho 500g', 759],
            ],
            ['1001', '1017'],
          ],
          [
            'Aveia e Cereais',
            [
              ['Aveia em Flocos 450g', 689],
              ['Cereal Matinal Sucrilhos 300g', 1490],
              ['Granola Tradicional 800g', 1990],
            ],
            ['1003', '1001'],
          ],
        ],
      ],
      [
        'Massas e Molhos',
        [
          [
            'Massas',
            [
              ['Macarrão Espaguete nº 8 500g', 549],
              ['Macarrão Parafuso 500g', 549],
              ['Macarrão Penne 500g', 599],
              ['Lasanha 500g', 899],
            ],
            ['1015', '1017'],
          ],
          [
            'Molhos de Tomate',
            [
              ['Molho de Tomate Tradicional 340g', 349],
              ['Extrato de Tomate 190g', 429],
              ['Molho Pomodoro 340g', 569],
            ],
            ['1017', '1015'],
          ],
        ],
      ],
      [
        'Óleos e Condimentos',
        [
          [
            'Óleos e Azeites',
            [
              ['Óleo de Soja 900ml', 799],
              ['Óleo de Girassol 900ml', 1190],
              ['Azeite Extravirgem 500ml', 3490],
            ],
            ['1014', '1017'],
          ],
          [
            'Temperos',
            [
              ['Sal Refinado 1kg', 319],
              ['Orégano 10g', 389],
              ['Tempero Completo 300g', 649],
              ['Pimenta do Reino Moída 30g', 499],
            ],
            ['1016', '1017'],
          ],
        ],
      ],
      [
        'Matinais',
        [
          [
            'Café',
            [
              ['Café Torrado e Moído 500g', 1898],
              ['Café Extraforte 500g', 1998],
              ['Café em Cápsulas 10un', 2290],
            ],
            ['1004', '1003'],
          ],
          [
            'Achocolatados',
            [
              ['Achocolatado em Pó 400g', 899],
              ['Achocolatado em Pó 800g', 1649],
              ['Bebida Láctea Achocolatada 200ml', 299],
            ],
            ['1003', '1007'],
          ],
          [
            'Biscoitos',
            [
              ['Biscoito Cream Cracker 200g', 449],
              ['Biscoito Recheado Chocolate 140g', 349],
              ['Biscoito Maria 200g', 399],
              ['Wafer Morango 140g', 429],
              ['Panetone Tradicional 500g', 2490],
            ],
            ['1005', '1003'],
          ],
        ],
      ],
    ],
  ],
  [
    'Bebidas',
    [
      [
        'Não Alcoólicas',
        [
          [
            'Refrigerantes',
            [
              ['Refrigerante Cola 2L', 1049],
              ['Refrigerante Cola Lata 350ml', 449],
              ['Refrigerante Guaraná 2L', 849],
              ['Refrigerante Laranja 2L', 799],
            ],
            ['1008', '1009'],
          ],
          [
            'Sucos',
            [
              ['Suco de Uva Integral 1L', 1390],
              ['Suco de Laranja 1L', 899],
              ['Néctar de Pêssego 1L', 749],
            ],
            ['1008', '1017'],
          ],
          [
            'Águas',
            [
              ['Água Mineral sem Gás 1,5L', 299],
              ['Água Mineral com Gás 500ml', 259],
              ['Água de Coco 1L', 999],
            ],
            ['1008', '1003'],
          ],
        ],
      ],
      [
        'Alcoólicas',
        [
          [
            'Cervejas',
            [
              ['Cerveja Pilsen Lata 350ml', 399],
              ['Cerveja Pilsen Long Neck 330ml', 549],
              ['Cerveja Puro Malte Lata 473ml', 599],
            ],
            ['1009'],
          ],
          [
            'Vinhos',
            [
              ['Vinho Tinto Suave 750ml', 2490],
              ['Vinho Tinto Seco Cabernet 750ml', 4590],
              ['Espumante Brut 750ml', 5490],
            ],
            ['1017'],
          ],
        ],
      ],
    ],
  ],
  [
    'Laticínios e Frios',
    [
      [
        'Leites',
        [
          [
            'Leite UHT',
            [
              ['Leite UHT Integral 1L', 549],
              ['Leite UHT Desnatado 1L', 569],
              ['Leite UHT Semidesnatado 1L', 559],
              ['Leite Condensado 395g', 749],
              ['Creme de Leite 200g', 389],
            ],
            ['1006', '1007', '1003'],
          ],
        ],
      ],
      [
        'Queijos e Iogurtes',
        [
          [
            'Queijos',
            [
              ['Queijo Muçarela Fatiado 150g', 1090],
              ['Queijo Prato Fatiado 150g', 1190],
              ['Requeijão Cremoso 200g', 899],
            ],
            ['1006', '1007'],
          ],
          [
            'Iogurtes',
            [
              ['Iogurte Natural 170g', 349],
              ['Iogurte Morango 540g', 899],
              ['Bebida Láctea Morango 900g', 949],
            ],
            ['1003', '1007'],
          ],
          [
            'Manteigas',
            [
              ['Manteiga com Sal 200g', 1390],
              ['Margarina com Sal 500g', 899],
            ],
            ['1006', '1007'],
          ],
        ],
      ],
    ],
  ],
  [
    'Limpeza',
    [
      [
        'Roupas',
        [
          [
            'Sabão em Pó',
            [
              ['Sabão em Pó 800g', 1690],
              ['Sabão em Pó 1,6kg', 2990],
              ['Sabão Líquido 3L', 4590],
            ],
            ['1011', '1010'],
          ],
          [
            'Amaciantes',
            [
              ['Amaciante Concentrado 1,5L', 1890],
              ['Amaciante Tradicional 2L', 1290],
            ],
            ['1010', '1011'],
          ],
        ],
      ],
      [
        'Casa',
        [
          [
            'Detergentes',
            [
              ['Detergente Líquido Neutro 500ml', 249],
              ['Detergente Líquido Limão 500ml', 249],
              ['Lava-Louças Concentrado 500ml', 599],
            ],
            ['1010'],
          ],
          [
            'Desinfetantes',
            [
              ['Desinfetante Lavanda 2L', 1190],
              ['Água Sanitária 2L', 749],
              ['Limpador Multiuso 500ml', 549],
            ],
            ['1010', '1011'],
          ],
        ],
      ],
    ],
  ],
  [
    'Higiene e Beleza',
    [
      [
        'Higiene Bucal',
        [
          [
            'Cremes Dentais',
            [
              ['Creme Dental Tripla Ação 90g', 449],
              ['Creme Dental Branqueador 70g', 899],
              ['Enxaguante Bucal 500ml', 1990],
              ['Escova Dental Macia', 1290],
            ],
            ['1012'],
          ],
        ],
      ],
      [
        'Cabelos',
        [
          [
            'Shampoos',
            [
              ['Shampoo Hidratação 400ml', 2190],
              ['Condicionador Hidratação 400ml', 2290],
              ['Shampoo Anticaspa 200ml', 2490],
            ],
            ['1013', '1012'],
          ],
        ],
      ],
      [
        'Corpo',
        [
          [
            'Sabonetes',
            [
              ['Sabonete em Barra 90g', 349],
              ['Sabonete Líquido 250ml', 1690],
              ['Desodorante Aerossol 150ml', 1890],
            ],
            ['1013', '1012'],
          ],
        ],
      ],
    ],
  ],
  [
    'Hortifruti',
    [
      [
        'Frutas',
        [
          [
            'Frutas Tropicais',
            [
              ['Banana Prata kg', 699],
              ['Manga Palmer kg', 899],
              ['Abacaxi Pérola un', 799],
              ['Mamão Formosa kg', 749],
            ],
            ['1017'],
            true,
          ],
          [
            'Frutas da Estação',
            [
              ['Maçã Gala kg', 1099],
              ['Laranja Pera kg', 499],
              ['Uva Thompson kg', 1590],
              ['Morango Bandeja 250g', 899],
            ],
            ['1017'],
            true,
          ],
        ],
      ],
      [
        'Legumes e Verduras',
        [
          [
            'Legumes',
            [
              ['Tomate Italiano kg', 899],
              ['Batata Inglesa kg', 599],
              ['Cebola kg', 549],
              ['Cenoura kg', 499],
            ],
            ['1017'],
            true,
          ],
          [
            'Verduras',
            [
              ['Alface Crespa un', 349],
              ['Couve Manteiga Maço', 399],
              ['Rúcula Maço', 449],
            ],
            ['1017'],
            true,
          ],
        ],
      ],
    ],
  ],
];

/** The small tenant (a greengrocer): fresh produce and a few natural groceries (~20 products). */
export const VERDE_TREE: Root[] = [
  CATEGORY_TREE[5]!,
  [
    'Empório',
    [
      [
        'Naturais',
        [
          [
            'Sucos Naturais',
            [
              ['Suco de Laranja Natural 1L', 1290],
              ['Suco Verde Detox 500ml', 990],
            ],
            ['1017'],
          ],
          [
            'Mel e Geleias',
            [
              ['Mel Silvestre 500g', 2490],
              ['Geleia de Morango 300g', 1590],
              ['Granola Artesanal 500g', 2290],
            ],
            ['1017'],
          ],
        ],
      ],
    ],
  ],
];

/** [description, visible, max_installments, has_change] */
export const PAYMENT_METHODS: [string, boolean, number, boolean][] = [
  ['Dinheiro', true, 1, true],
  ['Cartão de Crédito', true, 12, false],
  ['Cartão de Débito', true, 1, false],
  ['PIX', true, 1, false],
  ['Vale-alimentação', true, 1, false],
];
