/** The card's colour slot, 1 to 5: nodeId modulo 5 plus 1 (spec section 3, Game card). */
export const cardColour = (nodeId: number): 1 | 2 | 3 | 4 | 5 =>
  ((((nodeId % 5) + 5) % 5) + 1) as 1 | 2 | 3 | 4 | 5;
