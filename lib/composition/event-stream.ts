import type { ConnectionTransport } from '../aws/connections.js';
import type { ConnectionPost } from '../events/stream.js';
import { shapeEvent } from '../versions/shape.js';

/**
 * The event stream's output through `transport`: each event one JSON text frame,
 * `{"type":"event","event":…}`, the event as GET /events shows it in the connection's API version.
 */
export function streamOutput(transport: ConnectionTransport): ConnectionPost {
  return {
    post: (connectionId, frame) => transport.post(connectionId, frame),
    close: (connectionId) => transport.close(connectionId),
    frame: (event, apiVersion) =>
      JSON.stringify({ type: 'event', event: shapeEvent(apiVersion, event) }),
  };
}
