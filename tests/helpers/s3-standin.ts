// A local HTTP server standing in for an S3-compatible bucket (no network): PUT, GET and DELETE of objects on
// path-style URLs (/{bucket}/{key}). Every request must carry an AWS SigV4 Authorization header naming the
// expected access key id; the signature itself is not checked.
import http from 'node:http';

export interface S3StandIn {
  endpoint: string;
  /** "{bucket}/{key}" -> what was stored */
  objects: Map<string, { bytes: Buffer; contentType: string | undefined }>;
  /** method and path of every request, refused ones included */
  requests: { method: string; path: string; authorized: boolean }[];
  close(): Promise<void>;
}

const xmlError = (res: http.ServerResponse, status: number, code: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
};

export async function startS3StandIn(opts: { bucket: string; accessKeyId: string }): Promise<S3StandIn> {
  const objects = new Map<string, { bytes: Buffer; contentType: string | undefined }>();
  const requests: S3StandIn['requests'] = [];
  const sigV4 = new RegExp(`^AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/\\d{8}/[\\w-]+/s3/aws4_request, ?SignedHeaders=[\\w;-]+, ?Signature=[0-9a-f]{64}$`);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const authorized = sigV4.test(req.headers.authorization ?? '');
      requests.push({ method: req.method!, path: url.pathname, authorized });
      if (!authorized) return xmlError(res, 403, 'InvalidAccessKeyId');
      const [, bucket, ...rest] = url.pathname.split('/');
      if (bucket !== opts.bucket) return xmlError(res, 404, 'NoSuchBucket');
      const name = `${bucket}/${decodeURIComponent(rest.join('/'))}`;
      if (req.method === 'PUT') {
        objects.set(name, { bytes: Buffer.concat(chunks), contentType: req.headers['content-type'] });
        res.writeHead(200, { etag: '"standin"' });
        return res.end();
      }
      if (req.method === 'GET') {
        const object = objects.get(name);
        if (!object) return xmlError(res, 404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': object.contentType ?? 'binary/octet-stream', 'content-length': object.bytes.length });
        return res.end(object.bytes);
      }
      if (req.method === 'DELETE') {
        objects.delete(name);
        res.writeHead(204);
        return res.end();
      }
      xmlError(res, 405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    endpoint,
    objects,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
