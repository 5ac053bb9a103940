/**
 * The words of the "You're Not Alone" modal when the chat opens it (in the editor a model writes them).
 * Warm and plain, never clinical, never a method.
 */
export const CHAT_SUPPORT_CONTENT = {
  affirmation: "You reached out, and that matters. You deserve support right now.",
  motivational_phrases: [
    "Feelings this heavy can ease, even when it doesn't seem possible tonight.",
    "You don't have to have everything figured out to get through the next hour.",
    "Asking for help is a strong thing to do.",
  ],
  evening_suggestions: [
    "Call or message someone you trust and tell them how tonight feels.",
    "Go somewhere you feel a little safer, or be near other people.",
    "Slow your breathing: in for four, hold for four, out for six.",
  ],
  tomorrow_suggestions: [
    "Tell one person how things have been.",
    "Book a time to talk with your doctor or a counsellor.",
    "Add one thing that helped tonight to your safety plan.",
  ],
  gentle_reminder: "This moment is not forever. You have got through hard nights before, and help is there.",
} as const;

/** The card's words in the conversation. */
export const SUPPORT_CARD_TITLE = "You're not alone";

/** The page that says how the app responds when someone is struggling (the published crisis protocol). */
export const PROTOCOL_PATH = "/get-help/how-reverie-responds";
export const PROTOCOL_TITLE = "How Reverie responds when you're struggling";
