// Values that look like credentials but that their vendor or a specification publishes for
// everyone: the fixed keys of local emulators, the example keys of API documentation, the test
// keys that a service accepts from anyone, and the constants of public algorithms. Knowing them opens
// nothing that is not already open to every reader of the vendor's documentation, so no rule
// reports them, wherever they stand. The list holds exact values only, each with where it is
// published: a key that merely resembles one of them is judged as any other.

interface PublishedValue {
  value: string;
  /** What the value is and where its owner publishes it. */
  what: string;
}

export const PUBLISHED_VALUES: readonly PublishedValue[] = [
  {
    value: 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
    what: 'account key of devstoreaccount1, the fixed account of the Azure Storage emulator (Azurite): learn.microsoft.com/azure/storage/common/storage-use-azurite',
  },
  {
    value: 'C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XIw/Jw==',
    what: 'the fixed key of the Azure Cosmos DB emulator: learn.microsoft.com/azure/cosmos-db/emulator',
  },
  { value: 'AKIAIOSFODNN7EXAMPLE', what: 'AWS documentation example access key id' },
  { value: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', what: 'AWS documentation example secret access key' },
  { value: 'AKIAI44QH8DHBEXAMPLE', what: 'AWS documentation example access key id (second pair)' },
  { value: 'je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY', what: 'AWS documentation example secret access key (second pair)' },
  {
    value: '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe',
    what: "Google reCAPTCHA v2 test secret key, whose every verification passes: developers.google.com/recaptcha/docs/faq",
  },
  { value: 'Q3AM3UQ867SPQQA43P2F', what: "access key of MinIO's public playground play.min.io, printed in MinIO's client documentation" },
  { value: 'zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG', what: "secret key of MinIO's public playground play.min.io, printed in MinIO's client documentation" },
  { value: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc', what: "Stripe's documentation test key, shown to every reader of docs.stripe.com" },
  { value: 'sk_test_BQokikJOvBiI2HlWgH4olfQ2', what: "Stripe's earlier documentation test key" },
  {
    value: 'tegbzn6789',
    what: "NZBGet's default ControlPassword, written in the nzbget.conf every install starts from and documented with it (nzbget.com/documentation): the factory login, which download clients prefill",
  },
  {
    value: 'dD80ihBh5jfNpymO5Hg1IdiJIEvHcJpCMiCMnN%2fRnbI%3d',
    what: "the signature of Microsoft's service SAS example (myaccount/pictures/profile.jpg, 2009-02-09 to 2009-02-10), as printed in its request URL: learn.microsoft.com/rest/api/storageservices/service-sas-examples",
  },
  {
    value: 'dD80ihBh5jfNpymO5Hg1IdiJIEvHcJpCMiCMnN/RnbI=',
    what: "the same signature of Microsoft's service SAS example, unencoded as the page prints it: learn.microsoft.com/rest/api/storageservices/service-sas-examples",
  },
  {
    value: 'KGS!@#$%',
    what: 'the plaintext every LM hash encrypts under the password (MS-NLMP 3.3.1, LMOWFv1): a constant of the algorithm, not a key',
  },
];

const VALUES = new Set(PUBLISHED_VALUES.map((p) => p.value));

/** Whether `value` is exactly one of the published values above. */
export function isPublishedValue(value: string): boolean {
  return VALUES.has(value);
}
