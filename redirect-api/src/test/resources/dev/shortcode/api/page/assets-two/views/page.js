export const v = 2;
