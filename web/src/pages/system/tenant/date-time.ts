// Between the wire's date-times ('YYYY-MM-DD HH:mm:ss') and a datetime-local field's value
// ('YYYY-MM-DDTHH:mm'): the browser's own picker, keyboard- and screen-reader-friendly.

/** The field's value for a wire date-time (or a day); empty for none. */
export function toLocalInput(value: string | null | undefined): string {
  if (!value) return '';
  const [day, time = '00:00'] = value.trim().split(/[ T]/);
  return `${day}T${time.slice(0, 5)}`;
}

/** The wire's date-time for the field's value; null for an empty field. */
export function fromLocalInput(value: string | null | undefined): string | null {
  if (!value) return null;
  const [day, time = '00:00'] = value.split('T');
  return `${day} ${time.slice(0, 5)}:00`;
}
