export const v = 1;
