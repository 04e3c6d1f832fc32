import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { managementApiTransport } from '../../lib/aws/connections.js';

const gone = () => new GoneException({ message: 'Gone', $metadata: { httpStatusCode: 410 } });

describe("the event stream's transport through API Gateway's management API", () => {
  const api = mockClient(ApiGatewayManagementApiClient);
  afterEach(() => api.reset());
  const transport = () =>
    managementApiTransport(
      'https://abc123.execute-api.eu-west-1.amazonaws.com/prod',
      new ApiGatewayManagementApiClient({ region: 'eu-west-1' }),
    );

  it('posts a frame to its connection, and answers gone for a connection API Gateway no longer has', async () => {
    api.on(PostToConnectionCommand, { ConnectionId: 'here=' }).resolves({});
    api.on(PostToConnectionCommand, { ConnectionId: 'left=' }).rejects(gone());

    expect(await transport().post('here=', '{"type":"event"}')).toBe('sent');
    expect(await transport().post('left=', '{"type":"event"}')).toBe('gone');
    const [sent] = api.commandCalls(PostToConnectionCommand);
    expect(Buffer.from(sent?.args[0].input.Data as Uint8Array).toString()).toBe('{"type":"event"}');
  });

  it('throws any other failure, for the stream to close the connection', async () => {
    api.on(PostToConnectionCommand).rejects(new Error('socket hang up'));

    await expect(transport().post('here=', '{}')).rejects.toThrow('socket hang up');
  });

  it('closes a connection, one already gone included', async () => {
    api.on(DeleteConnectionCommand, { ConnectionId: 'here=' }).resolves({});
    api.on(DeleteConnectionCommand, { ConnectionId: 'left=' }).rejects(gone());

    await transport().close('here=');
    await transport().close('left=');
    expect(api.commandCalls(DeleteConnectionCommand).map((call) => call.args[0].input)).toEqual([
      { ConnectionId: 'here=' },
      { ConnectionId: 'left=' },
    ]);
  });
});
