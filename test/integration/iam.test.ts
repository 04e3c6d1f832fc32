import { INDEXES } from '../../lib/db/table.js';
import { describe, expect, it } from 'vitest';
import { createDb, setSharedDb } from '../../lib/db/client.js';
import { importProductData } from '../../scripts/local/import.js';
import { enforceIam, LocalIam } from '../../scripts/local/iam.js';
import type { CfnTemplate } from '../../scripts/local/stack-template.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { stackTemplateForTests, useTestDb } from '../helpers/db.js';
import { withoutIndexGrant } from '../helpers/templates.js';

const db = useTestDb();

async function asDeployedWith(
  template: CfnTemplate,
  request: () => Promise<Awaited<ReturnType<typeof callApi>>>,
) {
  const iam = new LocalIam(template, db().tableName);
  setSharedDb(
    enforceIam(
      createDb({ endpoint: process.env.DYNAMODB_ENDPOINT, tableName: db().tableName }),
      iam,
    ),
  );
  try {
    return { reply: await request(), refusals: iam.refusals };
  } finally {
    setSharedDb(db());
  }
}

describe('IAM enforced locally from the synthesized stack', () => {
  it('answers GET /jds/:id with the deployed grants, and fails it as AWS would once the matches grant is removed', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read']);
    await importProductData(db(), tenantId, {
      jds: [{ id: 'jd-1', title: 'T', description: 'D', createdById: 'u' }],
    });

    const deployed = await asDeployedWith(stackTemplateForTests(), () =>
      callApi('GET', '/jds/jd-1', { key }),
    );
    const broken = await asDeployedWith(
      withoutIndexGrant(stackTemplateForTests(), 'get-jd', INDEXES.matches.name),
      () => callApi('GET', '/jds/jd-1', { key }),
    );

    expect([deployed.reply.status, deployed.refusals]).toEqual([200, []]);
    expect(broken.reply.status).toBe(500);
    expect(
      broken.refusals.map(({ functionName, request, reason }) => [
        functionName,
        request.action,
        request.resource,
        reason,
      ]),
    ).toEqual([
      [
        'get-jd',
        'dynamodb:Query',
        expect.stringMatching(new RegExp(`:table/test-[\\w-]+/index/${INDEXES.matches.name}$`)),
        'no identity-based policy allows the dynamodb:Query action',
      ],
    ]);
  });

  it('keeps each function to its partitions: the authorizer cannot touch tenant data, data functions cannot touch key lookups', () => {
    const iam = new LocalIam(stackTemplateForTests(), 't');
    const table = 'arn:aws:dynamodb:us-east-1:123456789012:table/t';
    const update = (pk: string) => ({
      action: 'dynamodb:UpdateItem',
      resource: table,
      context: { 'dynamodb:LeadingKeys': [pk] },
    });
    const query = (pk: string) => ({
      action: 'dynamodb:Query',
      resource: `${table}/index/${INDEXES.matches.name}`,
      context: { 'dynamodb:LeadingKeys': [pk] },
    });

    expect(iam.authorize('authorizer', update('KEYHASH#abc')).allowed).toBe(true);
    expect(iam.authorize('authorizer', update('IP#203.0.113.9')).allowed).toBe(true);
    expect(iam.authorize('authorizer', update('TENANT#acme')).allowed).toBe(false);
    expect(iam.authorize('get-jd', query('TENANT#acme')).allowed).toBe(true);
    expect(iam.authorize('get-jd', query('KEYHASH#abc')).allowed).toBe(false);
    expect(
      iam.authorize('whoami', { action: 'dynamodb:GetItem', resource: table, context: {} }).allowed,
    ).toBe(false);
  });
});
