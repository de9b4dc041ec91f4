import { expandSearch } from './synonyms';
it('probe', () => {
  const worst = Array.from({ length: 50 }, (_, i) => 'abcdefghij'.slice(0, 1 + (i % 9))).join(' ').slice(0, 100);
  const texts = [worst, 'mbolae', 'dap fertiliser', 'a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j k l m n o p q r s t u v w x', 'mbegu za mahindi bora sana kwa shamba langu la nyeri', 'mbolea'];
  for (const t of texts) {
    for (const typos of [true, false]) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 1000; i++) expandSearch(t, typos);
    console.log(t.slice(0, 30), typos, Number(process.hrtime.bigint() - start) / 1000 / 1000, 'µs');
    }
  }
});
