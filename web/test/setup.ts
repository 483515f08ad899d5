// Setup of the unit project. Component tests wait for what the visitor would see (findBy…,
// waitFor), never for time; on a loaded machine (CI, several suites on two cores) that can take
// longer than Testing Library's default second, so the bound is raised. Passing tests lose
// nothing: a wait ends as soon as the state shows.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}
