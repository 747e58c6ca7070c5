// PKCS#12 (RFC 7292) files, any key type: the ASN.1 from @peculiar/asn1-pfx, every cipher, hash and
// key derivation from node:crypto (no WebCrypto engine, no polyfill). Written as node-forge wrote them before:
// certificates in plain Data, the key shrouded with PBES2 (PBKDF2 HMAC-SHA256, AES-256-CBC, 2048
// iterations, what OpenSSL 3 writes), an HMAC-SHA1 MAC over 2048 iterations.
import { createDecipheriv, createHash, createHmac, createPrivateKey, pbkdf2Sync, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { ContentInfo, EncryptedContentInfo, id_data, id_encryptedData } from '@peculiar/asn1-cms';
import {
  AuthenticatedSafe,
  CertBag,
  MacData,
  PFX,
  PKCS12Attribute,
  SafeBag,
  SafeContents,
  id_certBag,
  id_keyBag,
  id_pkcs8ShroudedKeyBag,
  id_x509Certificate,
} from '@peculiar/asn1-pfx';
import { DigestInfo } from '@peculiar/asn1-rsa';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import * as asn1js from 'asn1js';

const ITERATIONS = 2048;
const ID_FRIENDLY_NAME = '1.2.840.113549.1.9.20';
const ID_LOCAL_KEY_ID = '1.2.840.113549.1.9.21';
const ID_PBES2 = '1.2.840.113549.1.5.13';
const ID_PBKDF2 = '1.2.840.113549.1.5.12';

const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.4': 'sha224',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const PRFS: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.8': 'sha224',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};
const CIPHERS: Record<string, [name: string, keyBytes: number]> = {
  '2.16.840.1.101.3.4.1.2': ['aes-128-cbc', 16],
  '2.16.840.1.101.3.4.1.22': ['aes-192-cbc', 24],
  '2.16.840.1.101.3.4.1.42': ['aes-256-cbc', 32],
  '1.2.840.113549.3.7': ['des-ede3-cbc', 24],
};

export interface PfxBag {
  der: Buffer;
  /** Hex of the localKeyId attribute, which ties the certificate to its key. */
  localKeyId: string | undefined;
}

/** The PKCS12 DER: `certificates[0]` is the key's (it and the key share localKeyId and friendlyName). */
export function writePfx(key: KeyObject, certificates: Buffer[], password: string, friendlyName?: string): Buffer {
  const attributes = [attribute(ID_LOCAL_KEY_ID, octets(createHash('sha1').update(certificates[0]!).digest()))];
  if (friendlyName) attributes.push(attribute(ID_FRIENDLY_NAME, bmpString(friendlyName)));
  const certBags = certificates.map(
    (der, i) =>
      new SafeBag({
        bagId: id_certBag,
        bagValue: AsnConvert.serialize(new CertBag({ certId: id_x509Certificate, certValue: octets(der) })),
        ...(i === 0 ? { bagAttributes: attributes } : {}),
      }),
  );
  const shrouded = key.export({ type: 'pkcs8', format: 'der', cipher: 'aes-256-cbc', passphrase: password });
  const keyBag = new SafeBag({ bagId: id_pkcs8ShroudedKeyBag, bagValue: arrayBuffer(shrouded), bagAttributes: attributes });
  const authSafe = Buffer.from(AsnConvert.serialize(new AuthenticatedSafe([data(new SafeContents(certBags)), data(new SafeContents([keyBag]))])));

  const salt = randomBytes(8);
  const mac = createHmac('sha1', pkcs12Kdf('sha1', bmpPassword(password), salt, 3, ITERATIONS, 20))
    .update(authSafe)
    .digest();
  const pfx = new PFX({
    version: 3,
    authSafe: new ContentInfo({ contentType: id_data, content: octets(authSafe) }),
    macData: new MacData({
      mac: new DigestInfo({ digestAlgorithm: new AlgorithmIdentifier({ algorithm: '1.3.14.3.2.26', parameters: null }), digest: new OctetString(mac) }),
      macSalt: new OctetString(salt),
      iterations: ITERATIONS,
    }),
  });
  return Buffer.from(AsnConvert.serialize(pfx));
}

/** Every key (PKCS#8 DER, decrypted) and certificate of a PKCS12; throws when it cannot be opened. */
export function readPfx(der: Buffer, password: string): { keys: PfxBag[]; certificates: PfxBag[] } {
  const pfx = AsnConvert.parse(der, PFX);
  if (pfx.authSafe.contentType !== id_data) throw new Error('only password integrity (a MAC) is supported, not a signed PKCS12');
  const authSafe = Buffer.from(AsnConvert.parse(pfx.authSafe.content, OctetString).buffer);
  if (pfx.macData) verifyMac(pfx.macData, authSafe, password);

  const keys: PfxBag[] = [];
  const certificates: PfxBag[] = [];
  for (const info of AsnConvert.parse(authSafe, AuthenticatedSafe)) {
    let contents: Buffer;
    if (info.contentType === id_data) contents = Buffer.from(AsnConvert.parse(info.content, OctetString).buffer);
    else if (info.contentType === id_encryptedData) contents = decryptData(info.content, password);
    else throw new Error(`a part of content type ${info.contentType} is not supported (only Data and EncryptedData)`);
    for (const bag of AsnConvert.parse(contents, SafeContents)) {
      const localKeyId = bag.bagAttributes?.find((a) => a.attrId === ID_LOCAL_KEY_ID)?.attrValues[0];
      const id = localKeyId ? Buffer.from(AsnConvert.parse(localKeyId, OctetString).buffer).toString('hex') : undefined;
      if (bag.bagId === id_certBag) {
        const cert = AsnConvert.parse(bag.bagValue, CertBag);
        if (cert.certId === id_x509Certificate) certificates.push({ der: Buffer.from(AsnConvert.parse(cert.certValue, OctetString).buffer), localKeyId: id });
      } else if (bag.bagId === id_pkcs8ShroudedKeyBag) {
        keys.push({ der: decryptKey(Buffer.from(bag.bagValue), password), localKeyId: id });
      } else if (bag.bagId === id_keyBag) {
        keys.push({ der: Buffer.from(bag.bagValue), localKeyId: id });
      }
    }
  }
  return { keys, certificates };
}

function verifyMac(macData: MacData, authSafe: Buffer, password: string): void {
  const hash = HASHES[macData.mac.digestAlgorithm.algorithm];
  if (!hash) throw new Error(`the MAC's hash ${macData.mac.digestAlgorithm.algorithm} is not supported`);
  const expected = Buffer.from(macData.mac.digest.buffer);
  const salt = Buffer.from(macData.macSalt.buffer);
  // An empty password is two zero bytes in RFC 7292, but some tools use no bytes at all (OpenSSL tries both).
  const candidates = password ? [bmpPassword(password)] : [bmpPassword(''), Buffer.alloc(0)];
  const ok = candidates.some((pass) => {
    const mac = createHmac(hash, pkcs12Kdf(hash, pass, salt, 3, macData.iterations, expected.length))
      .update(authSafe)
      .digest();
    return mac.length === expected.length && timingSafeEqual(mac, expected);
  });
  if (!ok) throw new Error('Invalid password: the MAC does not verify');
}

function decryptKey(encrypted: Buffer, password: string): Buffer {
  // node:crypto (OpenSSL) opens every PKCS#8 encryption it knows, PBES2 and the PKCS12 PBEs alike.
  const key = createPrivateKey({ key: encrypted, format: 'der', type: 'pkcs8', passphrase: password });
  return key.export({ type: 'pkcs8', format: 'der' });
}

/** An EncryptedData part (OpenSSL 3 puts the certificates in one), PBES2 only. */
function decryptData(content: ArrayBuffer, password: string): Buffer {
  const parsed = asn1js.fromBER(content);
  const fields = parsed.result instanceof asn1js.Sequence ? parsed.result.valueBlock.value : [];
  if (parsed.offset === -1 || !fields[1]) throw new Error('an EncryptedData part is damaged');
  const info = AsnConvert.parse(fields[1].toBER(), EncryptedContentInfo);
  const body = info.encryptedContent?.value ?? info.encryptedContent?.constructedValue;
  const encrypted = Array.isArray(body) ? Buffer.concat(body.map((o) => Buffer.from(o.buffer))) : Buffer.from(body?.buffer ?? new ArrayBuffer(0));
  const algorithm = info.contentEncryptionAlgorithm;
  if (algorithm.algorithm !== ID_PBES2 || !algorithm.parameters) {
    throw new Error(`the certificates are encrypted with ${algorithm.algorithm}, which is not supported (PBES2 is: OpenSSL 3's default)`);
  }
  const { cipher, key, iv } = pbes2Key(algorithm.parameters, password);
  const decipher = createDecipheriv(cipher, key, iv);
  try {
    return Buffer.concat([decipher.update(encrypted), decipher.final()]);
  } catch {
    throw new Error('Invalid password: the certificates cannot be decrypted');
  }
}

/** PBES2-params (RFC 8018): PBKDF2 with its salt, count and PRF; the cipher and its IV. */
function pbes2Key(parameters: ArrayBuffer, password: string): { cipher: string; key: Buffer; iv: Buffer } {
  const damaged = () => new Error('the PBES2 parameters are damaged');
  const seq = (node: unknown): asn1js.AsnType[] => {
    if (!(node instanceof asn1js.Sequence)) throw damaged();
    return node.valueBlock.value;
  };
  const oid = (node: unknown): string => {
    if (!(node instanceof asn1js.ObjectIdentifier)) throw damaged();
    return node.valueBlock.toString();
  };
  const bytes = (node: unknown): Buffer => {
    if (!(node instanceof asn1js.OctetString)) throw damaged();
    return Buffer.from(node.valueBlock.valueHexView);
  };
  const [kdf, scheme] = seq(asn1js.fromBER(parameters).result);
  const [kdfId, kdfParams] = seq(kdf);
  if (oid(kdfId) !== ID_PBKDF2) throw new Error(`the key derivation ${oid(kdfId)} is not supported (PBKDF2 is)`);
  const [salt, count, ...rest] = seq(kdfParams);
  if (!(count instanceof asn1js.Integer)) throw damaged();
  const prfNode = rest.find((n) => n instanceof asn1js.Sequence);
  const prf = prfNode ? PRFS[oid(seq(prfNode)[0])] : 'sha1';
  const [cipherId, iv] = seq(scheme);
  const cipher = CIPHERS[oid(cipherId)];
  if (!prf || !cipher) throw new Error(`the cipher ${oid(cipherId)} or its key derivation is not supported`);
  const key = pbkdf2Sync(Buffer.from(password, 'utf8'), bytes(salt), count.valueBlock.valueDec, cipher[1], prf);
  return { cipher: cipher[0], key, iv: bytes(iv) };
}

/**
 * The PKCS#12 key derivation (RFC 7292 appendix B.2) for the MAC key (id 3); `password` already
 * as a BMPString with its two zero bytes.
 */
export function pkcs12Kdf(hash: string, password: Buffer, salt: Buffer, id: number, iterations: number, size: number): Buffer {
  const v = hash === 'sha384' || hash === 'sha512' ? 128 : 64;
  const stretch = (src: Buffer): Buffer => {
    const out = Buffer.alloc(src.length ? v * Math.ceil(src.length / v) : 0);
    for (let i = 0; i < out.length; i++) out[i] = src[i % src.length]!;
    return out;
  };
  const d = Buffer.alloc(v, id);
  const input = Buffer.concat([stretch(salt), stretch(password)]);
  const blocks: Buffer[] = [];
  for (let got = 0; got < size; ) {
    let a = createHash(hash).update(d).update(input).digest();
    for (let i = 1; i < iterations; i++) a = createHash(hash).update(a).digest();
    blocks.push(a);
    got += a.length;
    const b = stretch(a);
    // Each v-byte block of the input becomes (block + b + 1) mod 2^(8v).
    for (let j = 0; j < input.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const sum = input[j + k]! + b[k]! + carry;
        input[j + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(blocks).subarray(0, size);
}

/** A password as RFC 7292 wants it for the MAC: UTF-16 big-endian with a terminating zero. */
function bmpPassword(password: string): Buffer {
  const le = Buffer.from(`${password}\0`, 'utf16le');
  return le.swap16();
}

/** Set field by field: PKCS12Attribute's constructor drops its argument (asn1-pfx 2.11.1). */
function attribute(attrId: string, value: ArrayBuffer): PKCS12Attribute {
  return Object.assign(new PKCS12Attribute(), { attrId, attrValues: [value] });
}

function data(contents: SafeContents): ContentInfo {
  return new ContentInfo({ contentType: id_data, content: octets(Buffer.from(AsnConvert.serialize(contents))) });
}

/** DER of an OCTET STRING holding `bytes`. */
function octets(bytes: Buffer): ArrayBuffer {
  return AsnConvert.serialize(new OctetString(bytes));
}

function bmpString(text: string): ArrayBuffer {
  return new asn1js.BmpString({ value: text }).toBER();
}

function arrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
