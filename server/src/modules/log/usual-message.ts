import { translate, type Language, type MessageKey } from '../../core/i18n.js';

// The usual log's messages (issue 45): written once, read by administrators in either language. A
// row keeps the message's key and arguments (log_data `i18n:{"key":…,"args":{…}}`), and the log
// pages translate it for whoever reads it. Rows written before, plain text, are shown as they are.

/** A usual log's message: its key in the server's messages, and the values of its placeholders. */
export interface UsualMessage {
  key: MessageKey;
  args?: Record<string, string | number>;
}

const STORED = 'i18n:';

/** log_data for a message. */
export function storedMessage(message: UsualMessage): string {
  return `${STORED}${JSON.stringify({ key: message.key, args: message.args ?? {} })}`;
}

/** log_data as a reader of the language sees it: a stored message translated, other text as it is. */
export function shownMessage(logData: string | null, language: Language): string | null {
  if (!logData?.startsWith(STORED)) return logData;
  try {
    const { key, args } = JSON.parse(logData.slice(STORED.length)) as Required<UsualMessage>;
    return translate(language, key, args);
  } catch {
    // Clipped, or a key no longer known: the stored text is still the best there is.
    return logData;
  }
}
