import { describe, expect, it } from 'vitest';
import { repointReferences } from './repoint-references';

describe('repointReferences', () => {
  it('names the new id in every reference to the old one, and only there', () => {
    expect(
      repointReferences(
        "SERVICE_BEAST_MODE(879) + service_beast_mode ( 879 ) - SERVICE_BEAST_MODE(8790) + 'SERVICE_BEAST_MODE(879)' /* SERVICE_BEAST_MODE(879) */",
        879,
        1203,
      ),
    ).toBe(
      "SERVICE_BEAST_MODE(1203) + SERVICE_BEAST_MODE(1203) - SERVICE_BEAST_MODE(8790) + 'SERVICE_BEAST_MODE(879)' /* SERVICE_BEAST_MODE(879) */",
    );
  });

  it('answers nothing for an expression that does not name the old id', () => {
    expect(repointReferences("'SERVICE_BEAST_MODE(879)' + SERVICE_BEAST_MODE(87)", 879, 1)).toBe(
      undefined,
    );
  });
});
