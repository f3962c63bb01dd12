/**
 * The real content directory validates: every file against its schema and machine checks, and the
 * cross-file rules (ids, test slugs, sub-subjects, passages, images). Volume is issue 12's concern.
 */
import { describe, expect, it } from 'vitest';
import { formatProblem, validateContent } from './validate';

describe('content/', () => {
  it('has no validation problems', () => {
    const { problems, bundle } = validateContent();
    expect(problems.map(formatProblem)).toEqual([]);
    expect(bundle.tests).toHaveLength(15);
    expect(bundle.courses.map((c) => c.id).sort()).toEqual(['paes', 'pdt']);
  });
});
