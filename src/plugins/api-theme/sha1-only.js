// Stands in for the whole of `crypto-js`: the API theme only hashes storage
// keys with SHA-1, and the full library adds ~60 kB to every API page.
import SHA1 from 'crypto-js/sha1';

export default {SHA1};
