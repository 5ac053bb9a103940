/** The look of a card's actions button, shared by its stand-in (./entry-card) and the radix menu (./card-menu-radix). */
export const CARD_MENU_TRIGGER_CLASS =
  "relative z-10 -mr-2 -mt-1 rounded-lg p-2 text-stone-400 hover:bg-stone-100 hover:text-stone-700 data-[state=open]:bg-stone-100 data-[state=open]:text-stone-700";
