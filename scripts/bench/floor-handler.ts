import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/** The floor of the bundle benchmarks: a function that only sends one DocumentClient GetCommand. */
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (event: { id?: string }) => {
  const { Item } = await client.send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: event.id ?? 'x', sk: 'x' } }),
  );
  return Item ?? null;
};
