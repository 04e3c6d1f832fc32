import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { traceAwsCalls } from '../observability/trace.js';

/** Where the event stream's frames go: API Gateway's management API on AWS, local sockets locally. */
export interface ConnectionTransport {
  /** sends one frame; 'gone' when the connection is no longer there (410 from the management API) */
  post(connectionId: string, frame: string): Promise<'sent' | 'gone'>;
  /** closes a connection (its client reconnects with its last event id) */
  close(connectionId: string): Promise<void>;
}

/**
 * The event stream's frames through API Gateway's management API (`@connections`) of the WebSocket
 * API at `endpoint` (its stage's callback URL). A connection the API no longer has answers 410
 * (GoneException): 'gone', which the stream forgets; a close of one already gone is done.
 */
export function managementApiTransport(
  endpoint: string,
  client = traceAwsCalls(new ApiGatewayManagementApiClient({ endpoint })),
): ConnectionTransport {
  return {
    post: async (connectionId, frame) => {
      try {
        await client.send(
          new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(frame) }),
        );
        return 'sent';
      } catch (error) {
        if (error instanceof GoneException) return 'gone';
        throw error;
      }
    },
    close: async (connectionId) => {
      try {
        await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (error) {
        if (!(error instanceof GoneException)) throw error;
      }
    },
  };
}
