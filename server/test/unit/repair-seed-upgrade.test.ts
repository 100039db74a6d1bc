import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SEEDED_REPAIR_FORM_SHA256,
  SEEDED_REPAIR_XML_SHA256,
  repairFormWithSlot,
  repairXmlWithSlot,
} from '../../src/db/migrations/0037-machine-repair.js';
import { REPAIR_FORM_DEFINITION, REPAIR_MODEL_XML } from '../../src/db/seed/repair-process.js';

// Migration 0037 brings the machine repair's form and model, as seeded before it, up to the current
// seed (the slot field): a database seeded then and one seeded now hold the same texts. The texts
// seeded before are the current seed without the slot.

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const xmlBefore = REPAIR_MODEL_XML.replace('        <flowable:formProperty id="slot"/>\n', '').replace(
  '        <flowable:formProperty id="slot" writable="false"/>\n',
  '',
);
const formBefore = JSON.stringify({
  ...REPAIR_FORM_DEFINITION,
  fields: REPAIR_FORM_DEFINITION.fields.filter((f) => f.key !== 'slot'),
});

describe('migration 0037: the seeded repair order gains its slot', () => {
  it('recognises the texts seeded before by their hashes', () => {
    expect(xmlBefore).not.toBe(REPAIR_MODEL_XML);
    expect(sha256(xmlBefore)).toBe(SEEDED_REPAIR_XML_SHA256);
    expect(sha256(formBefore)).toBe(SEEDED_REPAIR_FORM_SHA256);
  });

  it('turns them into the current seed’s', () => {
    expect(repairXmlWithSlot(xmlBefore)).toBe(REPAIR_MODEL_XML);
    expect(repairFormWithSlot(formBefore)).toBe(JSON.stringify(REPAIR_FORM_DEFINITION));
  });
});
