// The rules' messages in the accountant's English (the `rules` namespace of src/texts/en): labels
// where MESSAGES names wire names. The service keeps answering MESSAGES (the spec's exact texts
// among them); people read these. Same {placeholders} as MESSAGES. Pure.
import type { MessageKey } from "../../rules/messages";
import { rules } from "../../texts/en/rules";

export const RULES_EN: Readonly<Record<MessageKey, string>> = rules;
