import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import {
  CALLED_RESOURCES,
  type CalledResource,
  RESOURCE_METADATA_KEY,
} from '../../infra/api-function.js';
import { type SecretSource, type SecretValues, setSecretSource } from '../../lib/aws/secrets.js';
import {
  type EncryptionContext,
  type KeyService,
  setKeyService,
} from '../../lib/webhooks/secret-box.js';
import type { Db } from '../../lib/db/client.js';
import { AUTHORIZER_FUNCTION } from '../../lib/composition/routes.js';
import { FUNCTION_METADATA_KEY } from '../../infra/api-function.js';
import {
  checkServiceCall,
  enforceIam,
  holdServicesTo,
  LOCAL_ACCOUNT,
  LOCAL_REGION,
  LocalIam,
  localArnOf,
} from './iam.js';
import { type CfnTemplate, stackTemplate } from './stack-template.js';

/**
 * Stand-ins for the AWS services the functions call besides DynamoDB: Secrets Manager (the secrets of
 * the template), KMS (the webhook secrets key) and the SQS queues (scripts/local/webhooks.ts,
 * scripts/local/product-bus.ts call `checkQueueSend`). Each call is held to the calling function's
 * policies in the synthesized template, on the ARN the resource has there, as AWS would hold it.
 * Secret values and the key's material are fixed per resource (derived from its logical id), so
 * data kept across `npm start` runs (DATA_DIR) stays readable; they protect nothing outside this machine.
 */
const arns = new Map<CalledResource, string>();
let installedSecrets: LocalSecrets | undefined;

/** The local Secrets Manager in place (to rotate a secret, as an operator would). */
export function localSecrets(): LocalSecrets {
  if (!installedSecrets)
    throw new Error('No local stack: call useLocalAws (or withDeployedPermissions) first');
  return installedSecrets;
}

/** The local ARN of a called resource of the stack, or undefined when the template has none (the edge's secret in dev). */
export function localResourceArn(name: CalledResource): string | undefined {
  return arns.get(name);
}

const localMaterial = (arn: string) =>
  createHash('sha256').update(`hiring-api local development: ${arn}`).digest();

/** Secrets Manager, locally: each secret of the template, with a fixed value until `rotate` puts a new one. */
export class LocalSecrets implements SecretSource {
  private readonly values = new Map<string, SecretValues>();
  /** Every version of each secret's value, by version id. */
  private readonly versions = new Map<string, Map<string, string>>();

  add(arn: string): void {
    const value = localMaterial(arn).toString('base64url');
    this.values.set(arn, { current: value });
    this.versions.set(arn, new Map([[`${arn}:initial`, value]]));
  }

  /**
   * What `aws secretsmanager put-secret-value` does: the new value is current, the current one previous;
   * returns the new version's id (the `VersionId` it prints).
   */
  rotate(arn: string, value = randomBytes(36).toString('base64url')): string {
    const before = this.values.get(arn);
    if (!before) throw new Error(`No local secret ${arn}`);
    this.values.set(arn, { current: value, previous: before.current });
    const versionId = randomBytes(16).toString('hex');
    this.versions.get(arn)?.set(versionId, value);
    return versionId;
  }

  /** A version's value (the current one without a version id), as a dynamic reference resolves it. */
  valueOf(arn: string, versionId?: string): string {
    const value =
      versionId === undefined
        ? this.values.get(arn)?.current
        : this.versions.get(arn)?.get(versionId);
    if (value === undefined)
      throw new Error(`No version ${versionId ?? 'AWSCURRENT'} of the local secret ${arn}`);
    return value;
  }

  async read(secretId: string): Promise<SecretValues> {
    checkServiceCall('secretsmanager:GetSecretValue', secretId);
    const values = this.values.get(secretId);
    if (!values)
      throw Object.assign(new Error(`Secrets Manager can't find the specified secret.`), {
        name: 'ResourceNotFoundException',
      });
    return values;
  }
}

/** KMS, locally: data keys wrapped (AES-256-GCM, the encryption context authenticated) under the key's fixed material. */
export class LocalKms implements KeyService {
  private readonly material: Buffer;

  constructor(private readonly keyArn: string) {
    this.material = localMaterial(keyArn);
  }

  async generateDataKey(
    context: EncryptionContext,
  ): Promise<{ plaintext: Uint8Array; encrypted: Uint8Array }> {
    checkServiceCall('kms:GenerateDataKey', this.keyArn, conditionKeys(context));
    const plaintext = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.material, iv).setAAD(canonical(context));
    const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { plaintext, encrypted: Buffer.concat([iv, cipher.getAuthTag(), sealed]) };
  }

  async decrypt(encrypted: Uint8Array, context: EncryptionContext): Promise<Uint8Array> {
    checkServiceCall('kms:Decrypt', this.keyArn, conditionKeys(context));
    const blob = Buffer.from(encrypted);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.material, blob.subarray(0, 12)).setAAD(
        canonical(context),
      );
      decipher.setAuthTag(blob.subarray(12, 28));
      return Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]);
    } catch {
      // What KMS answers for a ciphertext of another key or another encryption context.
      throw Object.assign(new Error('The ciphertext or its encryption context is not valid'), {
        name: 'InvalidCiphertextException',
      });
    }
  }
}

const canonical = (context: EncryptionContext) =>
  Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : 1))));

/** The condition keys KMS sets for a request with this encryption context. */
function conditionKeys(context: EncryptionContext): Record<string, string[]> {
  return {
    'kms:EncryptionContextKeys': Object.keys(context),
    ...Object.fromEntries(
      Object.entries(context).map(([key, value]) => [`kms:EncryptionContext:${key}`, [value]]),
    ),
  };
}

/** The IAM check of a send to one of the stack's queues (SendMessageBatch is authorized as sqs:SendMessage). */
export function checkQueueSend(queue: CalledResource): void {
  const arn = arns.get(queue);
  if (arn) checkServiceCall('sqs:SendMessage', arn);
}

/**
 * Puts the stand-ins in place for the stack in `template`, held to `iam`: the functions read its
 * secrets and use its key through them (the environment names their local ARNs, as the stack names
 * the real ones), and queue sends are checked against its queues. Returns the secrets, to rotate.
 */
export function useLocalAws(template: CfnTemplate, tableName: string, iam: LocalIam): LocalSecrets {
  arns.clear();
  const secrets = new LocalSecrets();
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    const name = resource.Metadata?.[RESOURCE_METADATA_KEY] as CalledResource | undefined;
    if (!name) continue;
    const attribute = resource.Type === 'AWS::SecretsManager::Secret' ? 'Ref' : 'Arn';
    // An API's ARNs (execute-api) are built from its id, which is what `Ref` gives.
    const arn =
      resource.Type === 'AWS::ApiGatewayV2::Api'
        ? `arn:aws:execute-api:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${localArnOf(template, tableName, logicalId, 'Ref')}`
        : localArnOf(template, tableName, logicalId, attribute);
    arns.set(name, arn);
    if (resource.Type === 'AWS::SecretsManager::Secret') secrets.add(arn);
  }
  holdServicesTo(iam);
  setSecretSource(secrets);
  installedSecrets = secrets;
  const cursorSecret = arns.get(CALLED_RESOURCES.cursorSecret);
  if (cursorSecret) process.env.CURSOR_SECRET_ARN = cursorSecret;
  // The secret exists whatever the edge; the authorizer is given it (and requires its header) behind one.
  const originVerify = arns.get(CALLED_RESOURCES.originVerifySecret);
  const authorizer = Object.values(template.Resources).find(
    (resource) => resource.Metadata?.[FUNCTION_METADATA_KEY] === AUTHORIZER_FUNCTION,
  );
  const environment = (
    authorizer?.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined
  )?.Variables;
  if (originVerify && environment?.ORIGIN_VERIFY_SECRET_ARN)
    process.env.ORIGIN_VERIFY_SECRET_ARN = originVerify;
  else delete process.env.ORIGIN_VERIFY_SECRET_ARN;
  const key = arns.get(CALLED_RESOURCES.webhookSecretsKey);
  if (!key) throw new Error('The stack has no webhook secrets key');
  process.env.WEBHOOK_SECRETS_KEY_ARN = key;
  setKeyService(new LocalKms(key));
  return secrets;
}

/**
 * `db`, held to the policies of the stack as it deploys (synthesized, or from the cache), with the
 * stand-ins of the other services the functions call held to them too.
 */
export async function withDeployedPermissions(db: Db): Promise<Db> {
  const { template } = await stackTemplate();
  const iam = new LocalIam(template, db.tableName);
  useLocalAws(template, db.tableName, iam);
  return enforceIam(db, iam);
}
