import { resolver } from '../../scripts/local/iam.js';
import type { LocalSecrets } from '../../scripts/local/aws.js';
import type { CfnTemplate } from '../../scripts/local/stack-template.js';

/** Parameter Store, as far as a deployment reads it: a name and its current value. */
export class LocalParameters {
  private readonly values = new Map<string, string>();

  /** A deployment of `template`: each parameter it defines is created with its value, once (an update leaves a value an operator put). */
  deploy(template: CfnTemplate): void {
    for (const resource of Object.values(template.Resources)) {
      if (resource.Type !== 'AWS::SSM::Parameter') continue;
      const { Name, Value } = resource.Properties as { Name: string; Value: string };
      if (!this.values.has(Name)) this.values.set(Name, Value);
    }
  }

  put(name: string, value: string): void {
    this.values.set(name, value);
  }

  get(name: string): string {
    const value = this.values.get(name);
    if (value === undefined) throw new Error(`ParameterNotFound: ${name}`);
    return value;
  }
}

/**
 * CloudFront's origin header as CloudFormation leaves it, deployment after deployment: the value of the
 * `{{resolve:secretsmanager:…}}` reference the distribution names, resolved when the deployment
 * updates the distribution (a change to any of its properties, each `AWS::SSM::Parameter::Value`
 * parameter read from Parameter Store at that deployment), and kept as it was otherwise:
 * CloudFormation re-resolves a dynamic reference only when it updates the resource holding it.
 */
export class LocalCloudFront {
  private configuration: string | undefined;
  private value: string | undefined;

  constructor(
    private readonly secrets: LocalSecrets,
    private readonly parameters: LocalParameters,
  ) {}

  /** `cdk deploy` of `template`: the header value CloudFront sends from now on. */
  deploy(template: CfnTemplate): string {
    const [distribution] = Object.values(template.Resources).filter(
      (resource) => resource.Type === 'AWS::CloudFront::Distribution',
    );
    const fromParameterStore = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(fromParameterStore);
      if (!value || typeof value !== 'object') return value;
      const { Ref: name } = value as { Ref?: string };
      const parameter = name
        ? (template.Parameters?.[name] as { Type: string; Default: string })
        : undefined;
      if (parameter?.Type.startsWith('AWS::SSM::Parameter::Value'))
        return this.parameters.get(parameter.Default);
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [key, fromParameterStore(inner)]),
      );
    };
    const configuration = resolver(
      template,
      'local',
    )(fromParameterStore(distribution?.Properties?.DistributionConfig) as never) as {
      Origins: { OriginCustomHeaders?: { HeaderValue: string }[] }[];
    };
    const text = JSON.stringify(configuration);
    if (text !== this.configuration) {
      const reference = configuration.Origins[0]?.OriginCustomHeaders?.[0]?.HeaderValue ?? '';
      const [, arn = '', versionId] =
        /^\{\{resolve:secretsmanager:(.+?):SecretString:(?:[^:]*):(?:[^:]*):?([^}]*)\}\}$/.exec(
          reference,
        ) ?? [];
      this.value = this.secrets.valueOf(arn, versionId || undefined);
      this.configuration = text;
    }
    return this.value as string;
  }

  /** The header CloudFront adds to each request it forwards. */
  header(): Record<string, string> {
    return { 'x-origin-verify': this.value as string };
  }
}
