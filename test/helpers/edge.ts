import { resolver } from '../../scripts/local/iam.js';
import type { LocalSecrets } from '../../scripts/local/aws.js';
import type { CfnTemplate } from '../../scripts/local/stack-template.js';

/**
 * CloudFront's origin header as CloudFormation leaves it, deployment after deployment: the value of the
 * `{{resolve:secretsmanager:…}}` reference the distribution names, resolved when the reference itself
 * changes (or on the first deployment), and kept as it was otherwise: CloudFormation re-resolves a
 * dynamic reference only when it updates the resource, which it does only for a template change.
 */
export class LocalCloudFront {
  private reference: string | undefined;
  private value: string | undefined;

  constructor(private readonly secrets: LocalSecrets) {}

  /** `cdk deploy` of `template`: the header value CloudFront sends from now on. */
  deploy(template: CfnTemplate): string {
    const [distribution] = Object.values(template.Resources).filter(
      (resource) => resource.Type === 'AWS::CloudFront::Distribution',
    );
    const origins = (
      distribution?.Properties?.DistributionConfig as {
        Origins: { OriginCustomHeaders?: { HeaderValue: unknown }[] }[];
      }
    ).Origins;
    const reference = String(
      resolver(template, 'local')(origins[0]?.OriginCustomHeaders?.[0]?.HeaderValue),
    );
    if (reference !== this.reference) {
      const [, arn = '', versionId] =
        /^\{\{resolve:secretsmanager:(.+?):SecretString:(?:[^:]*):(?:[^:]*):?([^}]*)\}\}$/.exec(
          reference,
        ) ?? [];
      this.value = this.secrets.valueOf(arn, versionId || undefined);
      this.reference = reference;
    }
    return this.value as string;
  }

  /** The header CloudFront adds to each request it forwards. */
  header(): Record<string, string> {
    return { 'x-origin-verify': this.value as string };
  }
}
