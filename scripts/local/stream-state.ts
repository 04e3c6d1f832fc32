import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DeliveryMessage } from '../../lib/webhooks/queue.js';

/**
 * What AWS keeps for the webhooks' path and the local stack must keep too, or a restart of `npm start`
 * loses events: the event source mapping's checkpoint in the table's stream (the last record handed to
 * the dispatcher, per shard), and the delivery queue's messages (SQS holds them until the worker is
 * done). Kept in a table of its own beside the app's table, in the same DynamoDB: in memory they go
 * with the data they describe, in DATA_DIR (or DYNAMODB_ENDPOINT) they stay with it.
 */
export interface QueuedMessage {
  token: string;
  message: DeliveryMessage;
  /** epoch ms when the message may be received */
  dueAt: number;
  /** the receive this will be (1 the first time) */
  receive: number;
}

export class LocalStreamState {
  private readonly documents: DynamoDBDocumentClient;
  readonly tableName: string;

  constructor(
    private readonly client: DynamoDBClient,
    appTableName: string,
  ) {
    this.documents = DynamoDBDocumentClient.from(client);
    this.tableName = `${appTableName}-local-stream`;
  }

  /** Creates the state's table the first time (a table kept from before has it already). */
  async open(): Promise<void> {
    try {
      await this.client.send(new DescribeTableCommand({ TableName: this.tableName }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
      await this.client.send(
        new CreateTableCommand({
          TableName: this.tableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        }),
      );
    }
  }

  /** The last sequence number handed over in each shard of `streamArn`, or undefined if it was never read. */
  async checkpoints(streamArn: string): Promise<Record<string, string> | undefined> {
    const { Item } = await this.documents.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: `stream#${streamArn}` } }),
    );
    return Item ? ((Item.shards ?? {}) as Record<string, string>) : undefined;
  }

  /** Marks a stream as read from now on, before any record of it is. */
  async startReading(streamArn: string): Promise<void> {
    await this.documents
      .send(
        new PutCommand({
          TableName: this.tableName,
          Item: { pk: `stream#${streamArn}`, shards: {} },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      )
      .catch((error: unknown) => {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      });
  }

  async checkpoint(streamArn: string, shardId: string, sequenceNumber: string): Promise<void> {
    await this.documents.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: `stream#${streamArn}` },
        UpdateExpression: 'SET shards.#shard = :sequence',
        ExpressionAttributeNames: { '#shard': shardId },
        ExpressionAttributeValues: { ':sequence': sequenceNumber },
      }),
    );
  }

  async keep(queued: QueuedMessage): Promise<void> {
    await this.documents.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: `message#${queued.token}`, ...queued },
      }),
    );
  }

  async forget(token: string): Promise<void> {
    await this.documents.send(
      new DeleteCommand({ TableName: this.tableName, Key: { pk: `message#${token}` } }),
    );
  }

  /** Every message still queued (a few at most, locally: the scan follows every page all the same). */
  async queued(): Promise<QueuedMessage[]> {
    const found: QueuedMessage[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.documents.send(
        new ScanCommand({
          TableName: this.tableName,
          FilterExpression: 'begins_with(pk, :message)',
          ExpressionAttributeValues: { ':message': 'message#' },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const { pk: _pk, ...queued } of page.Items ?? []) found.push(queued as QueuedMessage);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return found;
  }
}
