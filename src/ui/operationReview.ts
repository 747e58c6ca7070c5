// A create wizard's last step as the operation's confirmation (#54): the modal's lines, one pick
// item each, so Back still reaches every value and no second modal is asked. What the command adds
// of its own (where a value came from, what it checked) goes below, named as its own.
import { writeConfirmationText, type WriteSummary } from './text/writeConfirmation';

export interface ReviewItem<V> {
  label: string;
  description?: string;
  detail?: string;
  value: V;
}

/** The placeholder and the items: the send item first, then every line of the modal's detail. */
export function operationReview<V>(summary: WriteSummary, send: Omit<ReviewItem<V>, 'description'>, info: V): { placeholder: string; items: ReviewItem<V>[] } {
  const text = writeConfirmationText(summary);
  const lines = text.detail.split('\n').filter((line) => line !== '');
  return {
    placeholder: `${text.message} Review the values`,
    items: [{ ...send, description: summary.action }, ...lines.map((label): ReviewItem<V> => ({ label, value: info }))],
  };
}

/** The command's own lines below the operation's, each said to be the command's. */
export function commandContext<V>(lines: readonly { label: string; description?: string }[], info: V): ReviewItem<V>[] {
  return lines.map((line) => ({
    label: line.label,
    description: line.description ? `${line.description} (this command's context)` : "this command's context",
    value: info,
  }));
}
