/** Colours readable on white and told apart by colour-blind readers (Okabe–Ito), as the dashboard's. */
export const PALETTE = ['#0072B2', '#009E73', '#E69F00', '#D55E00', '#CC79A7', '#56B4E9'] as const;
