import { describe, expect, it } from 'vitest';
import { buildSendSmsUrl, canonicalQuery, createAliyunSmsSender, percentEncode, signAliyunRpc } from './aliyun-sms-sender';

describe('aliyun POP RPC signing', () => {
  it('percent-encodes per RFC 3986 as Aliyun requires', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('阿')).toBe('%E9%98%BF');
    expect(canonicalQuery({ b: '2', a: '1 1' })).toBe('a=1%201&b=2');
  });

  it('reproduces the signature of the SendSms example in Aliyun\'s signing guide', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signAliyunRpc(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('builds a deterministic signed URL for a fixed nonce and time', () => {
    const url = buildSendSmsUrl(
      { accessKeyId: 'LTAIexample', accessKeySecret: 'secretExample', signName: '财务管理协会', templateCode: 'SMS_000001' },
      { phone: '13800138000', purpose: 'login', code: '012345' },
      'fixed-nonce-0001',
      new Date('2024-05-01T08:00:00.123Z'),
    );
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://dysmsapi.aliyuncs.com/');
    expect(u.searchParams.get('Timestamp')).toBe('2024-05-01T08:00:00Z');
    expect(u.searchParams.get('TemplateParam')).toBe('{"code":"012345"}');
    const params = Object.fromEntries([...u.searchParams].filter(([k]) => k !== 'Signature'));
    expect(u.searchParams.get('Signature')).toBe(signAliyunRpc(params, 'secretExample'));
    expect(u.searchParams.get('Signature')).toBe(FIXED_VECTOR_SIGNATURE);
  });

  it('rejects when the provider answers a non-OK code', async () => {
    const sender = createAliyunSmsSender(
      { accessKeyId: 'id', accessKeySecret: 's', signName: 'x', templateCode: 't' },
      {
        now: () => new Date(0),
        fetch: async () => new Response(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' }), { status: 200 }),
      },
    );
    await expect(sender.send({ phone: '13800138000', purpose: 'login', code: '111111' })).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
    const ok = createAliyunSmsSender(
      { accessKeyId: 'id', accessKeySecret: 's', signName: 'x', templateCode: 't' },
      { now: () => new Date(0), fetch: async () => new Response(JSON.stringify({ Code: 'OK' }), { status: 200 }) },
    );
    await expect(ok.send({ phone: '13800138000', purpose: 'login', code: '111111' })).resolves.toBeUndefined();
  });
});

// Computed independently with Python's urllib.parse.quote(safe='~') + hmac/sha1 over the same parameters.
const FIXED_VECTOR_SIGNATURE = 'za+Scfvt4izDZcIPQBUhSdYZlQw=';
