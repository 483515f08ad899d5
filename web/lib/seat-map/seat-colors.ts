/** The seat colours the map draws and the legend explains: a taken seat and a chosen one. */
export const TAKEN_COLOR = '#c9ccd3';
export const SELECTED_COLOR = '#1f2a44';
