/** A server ValidationError's issue: which input field (`path`) and what is wrong with it. */
export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * The first message per field of a ValidationError's issues, for the fields a form shows (`fields`),
 * and the messages about anything else, to show above the form.
 */
export function splitIssues<Field extends string>(
  issues: ReadonlyArray<FieldIssue>,
  fields: readonly Field[],
): { byField: Partial<Record<Field, string>>; other: string[] } {
  const byField: Partial<Record<Field, string>> = {};
  const other: string[] = [];
  for (const issue of issues) {
    // A list's item reports as `features.2`: it belongs to the list's field.
    const field = fields.find((known) => issue.path === known || issue.path.startsWith(`${known}.`));
    if (field === undefined) other.push(issue.message);
    else byField[field] ??= issue.message;
  }
  return { byField, other };
}

/** The issues but `field`'s: a field edited since its issue was shown, which no longer describes it. */
export function withoutIssue<Issues extends Partial<Record<string, string>>>(issues: Issues, field: keyof Issues): Issues {
  if (!(field in issues)) return issues;
  const { [field]: _edited, ...others } = issues;
  return others as Issues;
}
