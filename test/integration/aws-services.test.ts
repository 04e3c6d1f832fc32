import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { setSecretSource } from '../../lib/aws/secrets.js';
import { createDb, setSharedDb } from '../../lib/db/client.js';
import { createJd } from '../../lib/jds/api.js';
import { listEvents } from '../../lib/events/store.js';
import { getWebhookItem } from '../../lib/webhooks/store.js';
import { BACKGROUND_FUNCTIONS } from '../../lib/functions.js';
import { sealPlaintextSecrets } from '../../lib/webhooks/secret-upgrade.js';
import { registerWebhook } from '../../lib/webhooks/register.js';
import { type KeyService, openSecrets, setKeyService } from '../../lib/webhooks/secret-box.js';
import { signingSecrets, webhookKeys } from '../../lib/webhooks/model.js';
import { CALLED_RESOURCES } from '../../infra/api-function.js';
import { LocalKms, localResourceArn, localSecrets, useLocalAws } from '../../scripts/local/aws.js';
import { enforceIam, holdServicesTo, LocalIam } from '../../scripts/local/iam.js';
import { appTemplateOf, type CfnTemplate } from '../../scripts/local/stack-template.js';
import { LocalDeliveryQueue } from '../../scripts/local/webhooks.js';
import type { postDelivery } from '../../lib/webhooks/deliver.js';
import { DELIVERY_EVENT_SOURCE } from '../../lib/composition/dispatcher.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { stackTemplateForTests, useTestDb } from '../helpers/db.js';
import { LocalCloudFront, LocalParameters } from '../helpers/edge.js';
import { originVerifyRotationParameter } from '../../infra/data.js';
import { withoutGrant } from '../helpers/templates.js';
import { startReceiver, waitFor } from '../helpers/webhooks.js';
import { useEnv } from '../helpers/env.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';

useEnv({
  WEBHOOK_ALLOW_LOCAL_URLS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '0.2,0.2',
});

const db = useTestDb();

/** Runs `work` with the local stack held to `template` (DynamoDB and the other services), then puts the test's stack back. */
async function asDeployedWith<T>(
  template: CfnTemplate,
  work: (iam: LocalIam) => Promise<T>,
): Promise<T> {
  const iam = new LocalIam(template, db().tableName);
  useLocalAws(template, db().tableName, iam);
  setSharedDb(
    enforceIam(
      createDb({ endpoint: process.env.DYNAMODB_ENDPOINT, tableName: db().tableName }),
      iam,
    ),
  );
  try {
    return await work(iam);
  } finally {
    setSharedDb(db());
    useLocalAws(
      stackTemplateForTests(),
      db().tableName,
      new LocalIam(stackTemplateForTests(), db().tableName),
    );
  }
}

describe('secrets from Secrets Manager', () => {
  async function firstPageCursor(key: string) {
    const reply = await callApi('GET', '/jds?limit=1', { key });
    expect(reply.status, reply.text).toBe(200);
    return reply.json.pagination.nextCursor as string;
  }

  it('keeps a cursor issued before a rotation of the signing key valid after it, and refuses one from two rotations back', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    for (const title of ['Data Engineer', 'Platform Engineer', 'Site Reliability Engineer'])
      await createJd(db(), tenantId, { title, description: 'd', createdById: 'u' });
    const secrets = localSecrets();
    const arn = localResourceArn(CALLED_RESOURCES.cursorSecret) as string;
    // A cold start after each rotation: the functions' cache (5 minutes) is forgotten.
    const rotate = () => {
      secrets.rotate(arn);
      setSecretSource(secrets);
    };

    const before = await firstPageCursor(key);
    rotate();
    const afterOne = await callApi('GET', `/jds?limit=1&cursor=${encodeURIComponent(before)}`, {
      key,
    });
    const issuedAfterOne = await firstPageCursor(key);
    rotate();
    const afterTwo = await callApi('GET', `/jds?limit=1&cursor=${encodeURIComponent(before)}`, {
      key,
    });
    const newer = await callApi(
      'GET',
      `/jds?limit=1&cursor=${encodeURIComponent(issuedAfterOne)}`,
      { key },
    );

    expect([afterOne.status, newer.status]).toEqual([200, 200]);
    expect([afterTwo.status, afterTwo.json.error]).toEqual([400, expect.stringMatching(/cursor/i)]);
    expect(issuedAfterOne).not.toBe(before);
  });

  it('fails a list function as AWS would once its grant to read the cursor secret is dropped from the template', async () => {
    const { tenantId, key } = await tenantWithKey(db(), ['read', 'write']);
    for (const title of ['Data Engineer', 'Platform Engineer'])
      await createJd(db(), tenantId, { title, description: 'd', createdById: 'u' });

    const { reply, refusals } = await asDeployedWith(
      withoutGrant(stackTemplateForTests(), 'list-jds', 'secretsmanager:GetSecretValue'),
      async (iam) => ({
        reply: await callApi('GET', '/jds?limit=1', { key }),
        refusals: iam.refusals,
      }),
    );

    expect(reply.status).toBe(500);
    expect(
      refusals.map(({ functionName, request }) => [functionName, request.action, request.resource]),
    ).toEqual([
      [
        'list-jds',
        'secretsmanager:GetSecretValue',
        expect.stringMatching(/^arn:aws:secretsmanager:.*:secret:CursorSecret/),
      ],
    ]);
  });
});

/** The prod app (its own domains), one template, with `context` over the stage's settings. */
async function prodTemplate(context: Record<string, string> = {}): Promise<CfnTemplate> {
  const { createApp } = await import('../../infra/app.js');
  return appTemplateOf(
    createApp(
      {
        stage: 'prod',
        'aws:cdk:bundling-stacks': [],
        originDomainName: 'origin.api.example.com',
        originCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/1',
        streamOriginDomainName: 'stream-origin.api.example.com',
        domainName: 'api.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/2',
        ...context,
      },
      { account: '123456789012', region: 'us-east-1' },
    ),
  );
}

describe('the prod stack, held locally', () => {
  it('lets the authorizer read the origin-verify secret with prod’s grants, and admits only requests that carry its value (current or previous)', async () => {
    const prod = await prodTemplate();
    const { key } = await tenantWithKey(db(), ['read']);

    const result = await asDeployedWith(prod, async (iam) => {
      const arn = localResourceArn(CALLED_RESOURCES.originVerifySecret) as string;
      const header = async () => ({ 'x-origin-verify': (await localSecrets().read(arn)).current });
      const through = await callApi('GET', '/whoami', { key, headers: await header() });
      const bypass = await callApi('GET', '/whoami', { key });
      const previous = await header();
      localSecrets().rotate(arn);
      setSecretSource(localSecrets());
      const duringRotation = await callApi('GET', '/whoami', { key, headers: previous });
      const afterRotation = await callApi('GET', '/whoami', { key, headers: await header() });
      return {
        statuses: [through.status, bypass.status, duringRotation.status, afterRotation.status],
        refusals: iam.refusals.length,
        arn,
      };
    });

    expect(result.arn).toMatch(/^arn:aws:secretsmanager:.*:secret:OriginVerifySecret/);
    expect(result).toMatchObject({ statuses: [200, 403, 200, 200], refusals: 0 });
  });
});

describe('the edge’s header through rotations and a rollback, as docs/operations.md says', () => {
  const prod = prodTemplate;
  /** Walks `steps` with CloudFront and Parameter Store stand-ins, a request after each step; returns the statuses. */
  const walk = async (
    key: string,
    first: CfnTemplate,
    steps: (tools: {
      arn: string;
      cloudFront: LocalCloudFront;
      parameters: LocalParameters;
      rotate: () => void;
      request: () => Promise<void>;
    }) => Promise<void>,
  ) =>
    asDeployedWith(first, async () => {
      const arn = localResourceArn(CALLED_RESOURCES.originVerifySecret) as string;
      const parameters = new LocalParameters();
      const cloudFront = new LocalCloudFront(localSecrets(), parameters);
      const answered: number[] = [];
      const request = async () => {
        answered.push(
          (await callApi('GET', '/whoami', { key, headers: cloudFront.header() })).status,
        );
      };
      // The procedure: put a new value, wait for the authorizers to read it (5 minutes; here at once),
      // put its VersionId in Parameter Store, deploy the API stack (the same commit).
      const rotate = () => {
        const versionId = localSecrets().rotate(arn);
        setSecretSource(localSecrets());
        parameters.put(originVerifyRotationParameter('prod'), versionId);
      };
      parameters.deploy(first);
      cloudFront.deploy(first);
      await request();
      await steps({ arn, cloudFront, parameters, rotate, request });
      return answered;
    });

  it('answers every request through two rotations, each followed by a deployment of the same commit', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const release = await prod();

    const statuses = await walk(key, release, async ({ cloudFront, rotate, request }) => {
      for (let rotation = 1; rotation <= 2; rotation++) {
        rotate();
        await request();
        cloudFront.deploy(release);
        await request();
      }
    });

    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  it('keeps CloudFront on the current value when the API stack is rolled back to a commit from before two rotations', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const previous = await prod();
    const bad = await prod({ logLevel: 'DEBUG' });

    const statuses = await walk(key, previous, async ({ cloudFront, rotate, request }) => {
      // Two rotations, each deployed; then a release; then the runbook's rollback to the commit before.
      for (let rotation = 1; rotation <= 2; rotation++) {
        rotate();
        cloudFront.deploy(previous);
      }
      cloudFront.deploy(bad);
      await request();
      cloudFront.deploy(previous);
      await request();
      // And a rotation after the rollback goes through as any other.
      rotate();
      cloudFront.deploy(previous);
      await request();
    });

    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it('keeps CloudFront on the current value through a release and a rollback that each change the distribution', async () => {
    const { key } = await tenantWithKey(db(), ['read']);
    const previous = await prod();
    // Another public name: CloudFormation updates the distribution, so it resolves the header anew.
    const bad = await prod({ domainName: 'api-next.example.com' });

    const statuses = await walk(key, previous, async ({ cloudFront, rotate, request }) => {
      rotate();
      cloudFront.deploy(previous);
      rotate();
      cloudFront.deploy(bad);
      await request();
      cloudFront.deploy(previous);
      await request();
    });

    expect(statuses).toEqual([200, 200, 200]);
  });
});

describe('webhook signing secrets under KMS', () => {
  it('keeps no signing secret in the table (so none in its stream), and deliveries still verify with the secret shown once', async () => {
    const receiver = await startReceiver();
    try {
      const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
      const created = await callApi('POST', '/webhooks', {
        key: admin,
        body: { url: receiver.url, events: ['*'] },
      });
      const rotated = await callApi('POST', `/webhooks/${created.json.data.id}/rotate-secret`, {
        key: admin,
      });
      const { Items } = await db().client.send(new ScanCommand({ TableName: db().tableName }));
      const item = await getWebhookItem(db(), tenantId, created.json.data.id);
      const opened = await openSecrets(tenantId, signingSecrets(item!, new Date()));

      expect([created.status, rotated.status]).toEqual([201, 200]);
      const stored = JSON.stringify(Items);
      for (const secret of [created.json.data.secret, rotated.json.data.secret] as string[]) {
        expect(stored).not.toContain(secret);
        expect(stored).not.toContain(secret.replace(/^whsec_/, ''));
      }
      expect(item?.secrets.every((secret) => 'sealed' in secret)).toBe(true);
      expect(opened).toEqual([rotated.json.data.secret, created.json.data.secret]);
      const body = '{"type":"jd.created"}';
      const headers = (await import('../../lib/webhooks/signing.js')).deliveryHeaders(
        opened,
        'evt_1',
        body,
        new Date(),
      );
      expect(new Webhook(created.json.data.secret).verify(body, headers)).toEqual({
        type: 'jd.created',
      });
    } finally {
      await receiver.close();
    }
  });

  it('still signs with a secret an earlier version kept in clear, and seal-webhook-secrets encrypts it in place', async () => {
    const { tenantId } = await tenantWithKey(db(), ['admin']);
    const { webhook } = await registerWebhook(db(), tenantId, {
      url: 'http://127.0.0.1:9/hooks',
      events: ['*'],
    });
    const legacy = [
      { value: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', createdAt: '2026-11-01T00:00:00.000Z' },
      {
        value: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD',
        createdAt: '2026-10-01T00:00:00.000Z',
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    ];
    await db().client.send(
      new UpdateCommand({
        TableName: db().tableName,
        Key: webhookKeys.item(tenantId, webhook.id),
        UpdateExpression: 'SET secrets = :s',
        ExpressionAttributeValues: { ':s': legacy },
      }),
    );

    const before = await openSecrets(
      tenantId,
      signingSecrets((await getWebhookItem(db(), tenantId, webhook.id))!, new Date()),
    );
    const first = await sealPlaintextSecrets(db(), tenantId);
    const again = await sealPlaintextSecrets(db(), tenantId);
    const item = await getWebhookItem(db(), tenantId, webhook.id);

    expect(before).toEqual(legacy.map((secret) => secret.value));
    expect([first, again]).toEqual([
      { webhooks: 1, secrets: 2 },
      { webhooks: 0, secrets: 0 },
    ]);
    expect(JSON.stringify(item)).not.toMatch(/MfKQ9r8|C2FVsBQ/);
    expect(item?.secrets.map(({ createdAt, expiresAt }) => [createdAt, expiresAt])).toEqual(
      legacy.map(({ createdAt, expiresAt }) => [createdAt, expiresAt]),
    );
    expect(await openSecrets(tenantId, signingSecrets(item!, new Date()))).toEqual(before);
  });

  it('opens no sealed secret under another tenant’s encryption context', async () => {
    const { tenantId } = await tenantWithKey(db(), ['admin']);
    const { webhook } = await registerWebhook(db(), tenantId, {
      url: 'http://127.0.0.1:9/hooks',
      events: ['*'],
    });
    const item = await getWebhookItem(db(), tenantId, webhook.id);

    await expect(openSecrets(liveSpaceOf('another-tenant'), item!.secrets)).rejects.toMatchObject({
      name: 'InvalidCiphertextException',
    });
  });

  it('asks KMS once per secret per warm worker, not once per delivery (the data key is cached)', async () => {
    const receiver = await startReceiver();
    const kms = new LocalKms(localResourceArn(CALLED_RESOURCES.webhookSecretsKey) as string);
    const calls: string[] = [];
    const counting: KeyService = {
      generateDataKey: (context) => (calls.push('GenerateDataKey'), kms.generateDataKey(context)),
      decrypt: (encrypted, context) => (calls.push('Decrypt'), kms.decrypt(encrypted, context)),
    };
    setKeyService(counting);
    const queue = new LocalDeliveryQueue(db());
    try {
      const { tenantId } = await tenantWithKey(db(), ['admin']);
      const { webhook } = await registerWebhook(db(), tenantId, {
        url: receiver.url,
        events: ['jd.created'],
      });
      for (let i = 0; i < 20; i++)
        await createJd(db(), tenantId, {
          title: `Backend Engineer ${i}`,
          description: 'd',
          createdById: 'u',
        });
      const { events } = await listEvents(db(), tenantId, { limit: 100, types: ['jd.created'] });
      await queue.send(
        events.map((event) => ({
          message: {
            kind: 'deliver',
            tenantId,
            webhookId: webhook.id,
            eventId: event.id,
            id: 'auto:0',
            retry: 0,
            trigger: 'automatic',
          },
          delayMs: 0,
        })),
      );
      const delivered = () => queue.handled.filter((entry) => entry.outcome === 'delivered').length;
      await waitFor(() => delivered() === 20, 15_000, '20 deliveries');

      // 20 at once, at the endpoint's 10 a second: those past the rate wait for a later second, then
      // go (on a loaded machine the 20 may spread over two seconds and none wait): nothing else happens.
      expect(
        [...new Set(queue.handled.map((entry) => entry.outcome))].filter(
          (outcome) => outcome !== 'delivered' && outcome !== 'postponed',
        ),
      ).toEqual([]);
      expect(calls).toEqual(['GenerateDataKey', 'Decrypt']);
    } finally {
      await queue.stop();
      setKeyService(kms);
      await receiver.close();
    }
  });
});

describe('the local delivery queue', () => {
  it('works at most as many messages at once as AWS’s mapping takes (its invocations at once × their batch), the others in turn, none lost', async () => {
    let inFlight = 0;
    let most = 0;
    const post: typeof postDelivery = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 100));
      inFlight -= 1;
      return { statusCode: 204, durationMs: 100 };
    };
    const receiver = await startReceiver();
    const queue = new LocalDeliveryQueue(db(), { post }, undefined, 4);
    try {
      const { tenantId } = await tenantWithKey(db(), ['admin']);
      const { webhook } = await registerWebhook(db(), tenantId, {
        url: receiver.url,
        events: ['jd.created'],
      });
      for (let i = 0; i < 9; i++)
        await createJd(db(), tenantId, { title: `Role ${i}`, description: 'd', createdById: 'u' });
      const { events } = await listEvents(db(), tenantId, { limit: 100, types: ['jd.created'] });
      await queue.send(
        events.map((event) => ({
          message: {
            kind: 'deliver' as const,
            tenantId,
            webhookId: webhook.id,
            eventId: event.id,
            id: 'auto:0',
            retry: 0,
            trigger: 'automatic' as const,
          },
          delayMs: 0,
        })),
      );
      await waitFor(() => queue.pending === 0, 15_000, 'every message worked');

      expect(queue.handled.filter((entry) => entry.outcome === 'delivered')).toHaveLength(9);
      expect(most).toBe(4);
      expect(DELIVERY_EVENT_SOURCE.maxConcurrency * DELIVERY_EVENT_SOURCE.batchSize).toBe(200);
    } finally {
      await queue.stop();
      await receiver.close();
    }
  });
});

describe('queue sends held to the deployed IAM', () => {
  async function firstAttemptOfFailingEndpoint(template: CfnTemplate) {
    const receiver = await startReceiver(() => 500);
    try {
      return await asDeployedWith(template, async (iam) => {
        const queue = new LocalDeliveryQueue(db());
        try {
          const { tenantId } = await tenantWithKey(db(), ['admin']);
          const { webhook } = await registerWebhook(db(), tenantId, {
            url: receiver.url,
            events: ['jd.created'],
          });
          await createJd(db(), tenantId, {
            title: 'Staff Engineer',
            description: 'd',
            createdById: 'u',
          });
          const [event] = (await listEvents(db(), tenantId, { limit: 1, types: ['jd.created'] }))
            .events;
          await queue.send([
            {
              message: {
                kind: 'deliver',
                tenantId,
                webhookId: webhook.id,
                eventId: event!.id,
                id: 'auto:0',
                retry: 0,
                trigger: 'automatic',
              },
              delayMs: 0,
            },
          ]);
          await waitFor(
            () => queue.handled.length > 0 || iam.refusals.length > 0,
            15_000,
            'the first attempt',
          );
          return {
            handled: queue.handled.map((entry) => entry.outcome),
            refusals: iam.refusals.map(({ functionName, request }) => [
              functionName,
              request.action,
              request.resource,
            ]),
          };
        } finally {
          await queue.stop();
        }
      });
    } finally {
      await receiver.close();
    }
  }

  it('schedules the next attempt with the deployed grants, and fails the retry chain once the worker’s SendMessage grant is dropped', async () => {
    const deployed = await firstAttemptOfFailingEndpoint(stackTemplateForTests());
    const broken = await firstAttemptOfFailingEndpoint(
      withoutGrant(stackTemplateForTests(), BACKGROUND_FUNCTIONS.webhookWorker, 'sqs:SendMessage'),
    );

    expect(deployed).toEqual({ handled: ['retry scheduled'], refusals: [] });
    expect(broken.handled).toEqual([]);
    expect(broken.refusals).toEqual([
      [
        BACKGROUND_FUNCTIONS.webhookWorker,
        'sqs:SendMessage',
        expect.stringMatching(/^arn:aws:sqs:.*:WebhooksQueue/),
      ],
    ]);
  });

  it('holds the product events consumer’s dead-letter send to its grant', async () => {
    holdServicesTo(
      new LocalIam(
        withoutGrant(
          stackTemplateForTests(),
          BACKGROUND_FUNCTIONS.eventConsumer,
          'sqs:SendMessage',
        ),
        db().tableName,
      ),
    );
    try {
      const { runAsFunction } = await import('../../scripts/local/iam.js');
      const { checkQueueSend } = await import('../../scripts/local/aws.js');
      expect(() =>
        runAsFunction(BACKGROUND_FUNCTIONS.eventConsumer, () =>
          checkQueueSend(CALLED_RESOURCES.productEventsDeadLetters),
        ),
      ).toThrow(/not authorized to perform: sqs:SendMessage/);
      expect(() =>
        runAsFunction(BACKGROUND_FUNCTIONS.webhookWorker, () =>
          checkQueueSend(CALLED_RESOURCES.deliveryQueue),
        ),
      ).not.toThrow();
    } finally {
      holdServicesTo(new LocalIam(stackTemplateForTests(), db().tableName));
    }
  });
});
