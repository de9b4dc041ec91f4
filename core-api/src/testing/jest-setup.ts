// Most API tests start a real app on a fresh database in their hooks; jest's 5 s default fails them
// on a busy machine, not because anything is wrong.
jest.setTimeout(30_000);
