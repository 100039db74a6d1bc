// sm-crypto (the SM2 library of the SpringBlade console, Saber) ships no types; the tests use this
// much of it to encrypt passwords as Saber does.
declare module 'sm-crypto' {
  const smCrypto: {
    sm2: {
      doEncrypt(message: string, publicKey: string, cipherMode?: 0 | 1): string;
      doDecrypt(ciphertext: string, privateKey: string, cipherMode?: 0 | 1): string;
      generateKeyPairHex(): { publicKey: string; privateKey: string };
    };
  };
  export default smCrypto;
}
