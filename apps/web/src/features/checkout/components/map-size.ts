/** The maps' height, shared with the space kept for them while their code loads (no layout shift). */
export const MAP_HEIGHT = '16rem'
