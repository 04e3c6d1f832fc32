import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { PRODUCT_EVENT_TYPES, productEvent } from '../../lib/product-events/data.js';
import { buildEventsDoc, EVENT_EXAMPLES, schemaOf } from '../../scripts/local/events-doc.js';

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (ajv: Ajv2020) => void)(ajv);

describe('docs/events.md (the product-events contract)', () => {
  it('is up to date with the consumer’s schemas (run `npm run events-doc`)', () => {
    expect(readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'events.md'), 'utf8')).toBe(
      buildEventsDoc(),
    );
  });

  it.each(PRODUCT_EVENT_TYPES)(
    '%s: the example is accepted by the consumer and by the published JSON Schema',
    (type) => {
      const { detail } = EVENT_EXAMPLES[type];

      expect(productEvent.safeParse({ type, ...detail }).success).toBe(true);
      expect(ajv.validate(schemaOf(type), detail)).toBe(true);
    },
  );

  it.each(PRODUCT_EVENT_TYPES)(
    '%s: the consumer and the published JSON Schema both refuse an event without data.id or with a bad version',
    (type) => {
      const { detail } = EVENT_EXAMPLES[type];
      const { id: _id, ...dataWithoutId } = detail.data as Record<string, unknown>;

      for (const broken of [
        { ...detail, data: dataWithoutId },
        { ...detail, version: 1.5 },
        { ...detail, tenantId: 'a b' },
      ]) {
        expect(productEvent.safeParse({ type, ...broken }).success).toBe(false);
        expect(ajv.validate(schemaOf(type), broken)).toBe(false);
      }
    },
  );
});
