// GitHub's objects as its answers carry them (users, the repository, commits, trees, refs, labels,
// pull requests, compare, statuses), made from the repository the fake keeps.
import type { PullRequest, Repo, Status } from './repo';

/** `base`: where the fake answers (known once it listens). */
export function githubShapes(store: Repo, base: () => string) {
  const { repo, owner, name, branches, login, git, resolve, branchSha, pulls, statuses } = store;
  const labelIds = new Map<string, number>();
  const api = () => `${base()}/repos/${repo}`;
  const html = `https://github.com/${repo}`;
  const userOf = (who: string) => ({
    login: who,
    id: 1000 + who.length,
    node_id: `U_${who}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${1000 + who.length}`,
    gravatar_id: '',
    url: `${base()}/users/${who}`,
    html_url: `https://github.com/${who}`,
    followers_url: `${base()}/users/${who}/followers`,
    following_url: `${base()}/users/${who}/following{/other_user}`,
    gists_url: `${base()}/users/${who}/gists{/gist_id}`,
    starred_url: `${base()}/users/${who}/starred{/owner}{/repo}`,
    subscriptions_url: `${base()}/users/${who}/subscriptions`,
    organizations_url: `${base()}/users/${who}/orgs`,
    repos_url: `${base()}/users/${who}/repos`,
    events_url: `${base()}/users/${who}/events{/privacy}`,
    received_events_url: `${base()}/users/${who}/received_events`,
    type: 'User',
    site_admin: false,
  });
  const profileOf = (who: string) => ({
    ...userOf(who),
    name: 'Studio Editor',
    company: null,
    blog: '',
    location: 'Vancouver',
    email: null,
    hireable: null,
    bio: null,
    public_repos: 1,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  });
  const repoUrls = () => {
    const a = api();
    return {
      url: a,
      html_url: html,
      archive_url: `${a}/{archive_format}{/ref}`,
      assignees_url: `${a}/assignees{/user}`,
      blobs_url: `${a}/git/blobs{/sha}`,
      branches_url: `${a}/branches{/branch}`,
      collaborators_url: `${a}/collaborators{/collaborator}`,
      comments_url: `${a}/comments{/number}`,
      commits_url: `${a}/commits{/sha}`,
      compare_url: `${a}/compare/{base}...{head}`,
      contents_url: `${a}/contents/{+path}`,
      contributors_url: `${a}/contributors`,
      deployments_url: `${a}/deployments`,
      downloads_url: `${a}/downloads`,
      events_url: `${a}/events`,
      forks_url: `${a}/forks`,
      git_commits_url: `${a}/git/commits{/sha}`,
      git_refs_url: `${a}/git/refs{/sha}`,
      git_tags_url: `${a}/git/tags{/sha}`,
      hooks_url: `${a}/hooks`,
      issue_comment_url: `${a}/issues/comments{/number}`,
      issue_events_url: `${a}/issues/events{/number}`,
      issues_url: `${a}/issues{/number}`,
      keys_url: `${a}/keys{/key_id}`,
      labels_url: `${a}/labels{/name}`,
      languages_url: `${a}/languages`,
      merges_url: `${a}/merges`,
      milestones_url: `${a}/milestones{/number}`,
      notifications_url: `${a}/notifications{?since,all,participating}`,
      pulls_url: `${a}/pulls{/number}`,
      releases_url: `${a}/releases{/id}`,
      stargazers_url: `${a}/stargazers`,
      statuses_url: `${a}/statuses/{sha}`,
      subscribers_url: `${a}/subscribers`,
      subscription_url: `${a}/subscription`,
      tags_url: `${a}/tags`,
      teams_url: `${a}/teams`,
      trees_url: `${a}/git/trees{/sha}`,
    };
  };
  const minimalRepository = () => ({
    id: 4242,
    node_id: 'R_site',
    name,
    full_name: repo,
    owner: userOf(owner),
    private: true,
    description: null,
    fork: false,
    ...repoUrls(),
  });
  const repository = () => ({
    ...minimalRepository(),
    clone_url: `${html}.git`,
    git_url: `git://github.com/${repo}.git`,
    ssh_url: `git@github.com:${repo}.git`,
    svn_url: html,
    mirror_url: null,
    homepage: null,
    language: 'TypeScript',
    default_branch: branches[0]!,
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    open_issues: pulls.filter((pull) => pull.state === 'open').length,
    open_issues_count: pulls.filter((pull) => pull.state === 'open').length,
    size: 1,
    has_issues: true,
    has_projects: false,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: '2026-01-01T00:00:00Z',
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
  });
  const gitCommitOf = (sha: string) => {
    const [tree, parents, an, ae, ad, cn, ce, cd, ...message] = git([
      'show',
      '-s',
      '--format=%T%n%P%n%an%n%ae%n%aI%n%cn%n%ce%n%cI%n%B',
      sha,
    ]).split('\n');
    return {
      sha,
      node_id: `C_${sha}`,
      url: `${api()}/git/commits/${sha}`,
      html_url: `${html}/commit/${sha}`,
      author: { name: an!, email: ae!, date: new Date(ad!).toISOString().replace('.000', '') },
      committer: { name: cn!, email: ce!, date: new Date(cd!).toISOString().replace('.000', '') },
      message: message.join('\n'),
      tree: { sha: tree!, url: `${api()}/git/trees/${tree}` },
      parents: (parents ? parents.split(' ') : []).map((parent) => ({
        sha: parent,
        url: `${api()}/git/commits/${parent}`,
        html_url: `${html}/commit/${parent}`,
      })),
      verification: {
        verified: false,
        reason: 'unsigned',
        signature: null,
        payload: null,
        verified_at: null,
      },
    };
  };
  /** A commit as the commits, branches and compare APIs show it. */
  const commitOf = (sha: string) => {
    const { author, committer, message, tree, parents, verification } = gitCommitOf(sha);
    return {
      sha,
      node_id: `C_${sha}`,
      url: `${api()}/commits/${sha}`,
      html_url: `${html}/commit/${sha}`,
      comments_url: `${api()}/commits/${sha}/comments`,
      commit: {
        author,
        committer,
        message,
        tree,
        url: `${api()}/git/commits/${sha}`,
        comment_count: 0,
        verification,
      },
      author: userOf(login),
      committer: userOf('web-flow'),
      parents: parents.map(({ sha: parent, html_url }) => ({
        sha: parent,
        url: `${api()}/commits/${parent}`,
        html_url,
      })),
    };
  };
  const refOf = (ref: string, sha: string) => ({
    ref,
    node_id: `REF_${ref}`,
    url: `${api()}/git/${ref}`,
    object: { type: 'commit', sha, url: `${api()}/git/commits/${sha}` },
  });
  const treeOf = (sha: string, recursive: boolean) => ({
    sha,
    url: `${api()}/git/trees/${sha}`,
    truncated: false,
    tree: git(['ls-tree', '-l', ...(recursive ? ['-r', '-t'] : []), sha])
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [meta, file] = line.split('\t') as [string, string];
        const [mode, type, object, size] = meta.split(/\s+/) as [string, string, string, string];
        return {
          path: file,
          mode,
          type,
          sha: object,
          ...(type === 'blob' && { size: Number(size) }),
          url: `${api()}/git/${type === 'blob' ? 'blobs' : 'trees'}/${object}`,
        };
      }),
  });
  const labelOf = (label: string) => {
    if (!labelIds.has(label)) labelIds.set(label, labelIds.size + 1);
    const id = labelIds.get(label)!;
    return {
      id,
      node_id: `LA_${id}`,
      url: `${api()}/labels/${encodeURIComponent(label)}`,
      name: label,
      description: null,
      color: 'ededed',
      default: false,
    };
  };
  const branchRef = (pull: PullRequest, side: 'head' | 'base') => {
    const ref = pull[side];
    const sha =
      side === 'head' ? (branchSha(ref) ?? pull.headSha) : (branchSha(ref) ?? pull.baseSha);
    return { label: `${owner}:${ref}`, ref, sha, user: userOf(owner), repo: repository() };
  };
  const pullOf = (pull: PullRequest, full: boolean) => {
    const url = `${api()}/pulls/${pull.number}`;
    const simple = {
      url,
      id: 7000 + pull.number,
      node_id: `PR_${pull.number}`,
      html_url: `${html}/pull/${pull.number}`,
      diff_url: `${html}/pull/${pull.number}.diff`,
      patch_url: `${html}/pull/${pull.number}.patch`,
      issue_url: `${api()}/issues/${pull.number}`,
      commits_url: `${url}/commits`,
      review_comments_url: `${url}/comments`,
      review_comment_url: `${api()}/pulls/comments{/number}`,
      comments_url: `${api()}/issues/${pull.number}/comments`,
      statuses_url: `${api()}/statuses/${pull.headSha}`,
      number: pull.number,
      state: pull.state,
      locked: false,
      title: pull.title,
      user: userOf(login),
      body: pull.body,
      labels: pull.labels.map(labelOf),
      milestone: null,
      active_lock_reason: null,
      created_at: pull.createdAt,
      updated_at: pull.updatedAt,
      closed_at: pull.closedAt,
      merged_at: pull.mergedAt,
      merge_commit_sha: pull.mergeCommit,
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      requested_teams: [],
      head: branchRef(pull, 'head'),
      base: branchRef(pull, 'base'),
      _links: {
        self: { href: url },
        html: { href: `${html}/pull/${pull.number}` },
        issue: { href: `${api()}/issues/${pull.number}` },
        comments: { href: `${api()}/issues/${pull.number}/comments` },
        review_comments: { href: `${url}/comments` },
        review_comment: { href: `${api()}/pulls/comments{/number}` },
        commits: { href: `${url}/commits` },
        statuses: { href: `${api()}/statuses/${pull.headSha}` },
      },
      author_association: 'COLLABORATOR',
      auto_merge: null,
      draft: false,
    };
    if (!full) return simple;
    const ahead = pull.state === 'open' ? compare(pull.base, pull.head) : null;
    return {
      ...simple,
      merged: pull.mergedAt !== null,
      mergeable: pull.state === 'open' ? true : null,
      rebaseable: null,
      mergeable_state: pull.state === 'open' ? 'clean' : 'unknown',
      merged_by: pull.mergedAt ? userOf(login) : null,
      comments: 0,
      review_comments: 0,
      maintainer_can_modify: false,
      commits: ahead?.total_commits ?? 0,
      additions: ahead?.files.reduce((sum, file) => sum + file.additions, 0) ?? 0,
      deletions: ahead?.files.reduce((sum, file) => sum + file.deletions, 0) ?? 0,
      changed_files: ahead?.files.length ?? 0,
    };
  };
  /** GitHub's three-dot compare: the commits and file changes of `head` since it left `base`. */
  const compare = (baseRev: string, headRev: string) => {
    const baseCommit = resolve(baseRev, 'commit');
    const headCommit = resolve(headRev, 'commit');
    if (!baseCommit || !headCommit) return null;
    const mergeBase = git(['merge-base', baseCommit, headCommit]);
    const ahead = git(['rev-list', '--reverse', `${mergeBase}..${headCommit}`])
      .split('\n')
      .filter(Boolean);
    const behind = Number(git(['rev-list', '--count', `${headCommit}..${baseCommit}`]));
    const numstat = new Map(
      git(['diff', '--numstat', '--no-renames', mergeBase, headCommit])
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [added, deleted, file] = line.split('\t') as [string, string, string];
          return [file, { added, deleted }];
        }),
    );
    const files = git(['diff', '--raw', '--no-renames', '--no-abbrev', mergeBase, headCommit])
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [meta, file] = line.split('\t') as [string, string];
        const [, , , blob, letter] = meta.split(' ') as string[];
        const removed = letter === 'D';
        const counts = numstat.get(file)!;
        const binary = counts.added === '-';
        const patch = binary
          ? undefined
          : git(['diff', mergeBase, headCommit, '--', file]).replace(/^[\s\S]*?(?=^@@)/m, '');
        const additions = binary ? 0 : Number(counts.added);
        const deletions = binary ? 0 : Number(counts.deleted);
        const at = removed ? mergeBase : headCommit;
        return {
          sha: removed ? null : blob!,
          filename: file,
          status: removed ? 'removed' : letter === 'A' ? 'added' : 'modified',
          additions,
          deletions,
          changes: additions + deletions,
          blob_url: `${html}/blob/${at}/${file}`,
          raw_url: `${html}/raw/${at}/${file}`,
          contents_url: `${api()}/contents/${file}?ref=${at}`,
          ...(patch !== undefined && { patch }),
        };
      });
    return {
      url: `${api()}/compare/${baseRev}...${headRev}`,
      html_url: `${html}/compare/${baseRev}...${headRev}`,
      permalink_url: `${html}/compare/${owner}:${baseCommit}...${owner}:${headCommit}`,
      diff_url: `${html}/compare/${baseRev}...${headRev}.diff`,
      patch_url: `${html}/compare/${baseRev}...${headRev}.patch`,
      base_commit: commitOf(baseCommit),
      merge_base_commit: commitOf(mergeBase),
      status:
        ahead.length && behind
          ? 'diverged'
          : ahead.length
            ? 'ahead'
            : behind
              ? 'behind'
              : 'identical',
      ahead_by: ahead.length,
      behind_by: behind,
      total_commits: ahead.length,
      commits: ahead.map(commitOf),
      files,
    };
  };
  const combinedStatus = (sha: string) => {
    // The latest status of each context, newest first.
    const latest = [...statuses]
      .reverse()
      .filter(
        (status, index, all) =>
          status.sha === sha &&
          all.findIndex((s) => s.sha === sha && s.context === status.context) === index,
      );
    const state = latest.some((s) => s.state === 'error' || s.state === 'failure')
      ? 'failure'
      : latest.length === 0 || latest.some((s) => s.state === 'pending')
        ? 'pending'
        : 'success';
    return {
      state,
      sha,
      total_count: latest.length,
      statuses: latest.map(statusOf),
      repository: minimalRepository(),
      commit_url: `${api()}/commits/${sha}`,
      url: `${api()}/commits/${sha}/status`,
    };
  };
  const statusOf = (status: Status) => ({
    id: status.id,
    node_id: `SC_${status.id}`,
    url: `${api()}/statuses/${status.sha}`,
    avatar_url: null,
    state: status.state,
    description: status.description,
    target_url: status.target_url,
    context: status.context,
    created_at: status.created_at,
    updated_at: status.created_at,
    creator: userOf('github-actions'),
  });
  return {
    api,
    html,
    userOf,
    profileOf,
    repository,
    gitCommitOf,
    commitOf,
    refOf,
    treeOf,
    labelOf,
    pullOf,
    compare,
    combinedStatus,
    statusOf,
  };
}

export type Shapes = ReturnType<typeof githubShapes>;
