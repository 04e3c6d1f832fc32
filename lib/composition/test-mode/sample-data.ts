import type { ImportFile } from '../../product-events/data.js';

/** A candidate of the sample: name, skills, years of experience. */
type Person = readonly [name: string, skills: readonly string[], experience: string];

/**
 * The people of `npm start`'s demo tenant: engineers of history, which a reader of the local demo
 * recognises at once.
 */
export const DEMO_PEOPLE: readonly Person[] = [
  ['Ada Lovelace', ['TypeScript', 'Node.js', 'AWS'], '8 years'],
  ['Grace Hopper', ['Go', 'Kubernetes', 'Observability'], '12 years'],
  ['Alan Turing', ['Python', 'SQL', 'Statistics'], '6 years'],
  ['Katherine Johnson', ['React', 'TypeScript', 'CSS'], '4 years'],
  ['Linus Torvalds', ['C', 'Linux', 'Git'], '20 years'],
  ['Margaret Hamilton', ['Systems design', 'Testing'], '15 years'],
  ['Tim Berners-Lee', ['HTTP', 'HTML', 'Standards'], '25 years'],
  ['Barbara Liskov', ['Distributed systems', 'Java'], '18 years'],
];

/**
 * The people of a test space's sample data: names nobody holds, so that no sample candidate can be
 * mistaken for a real person in an integrator's system; their addresses are at example.com, which
 * receives no mail (RFC 2606).
 */
export const SAMPLE_PEOPLE: readonly Person[] = [
  ['Sample Avery Testwood', ['TypeScript', 'Node.js', 'AWS'], '8 years'],
  ['Sample Jordan Mockridge', ['Go', 'Kubernetes', 'Observability'], '12 years'],
  ['Sample Riley Fixture', ['Python', 'SQL', 'Statistics'], '6 years'],
  ['Sample Casey Placeholder', ['React', 'TypeScript', 'CSS'], '4 years'],
  ['Sample Morgan Stubbs', ['C', 'Linux', 'Git'], '20 years'],
  ['Sample Quinn Example', ['Systems design', 'Testing'], '15 years'],
  ['Sample Taylor Dummyfield', ['HTTP', 'HTML', 'Standards'], '25 years'],
  ['Sample Sam Specimen', ['Distributed systems', 'Java'], '18 years'],
];

/** The sample's resume (candidate) ids, one per person: opaque, as a product's ids must be (docs/compliance.md). */
const SAMPLE_RESUME_IDS = [
  'res-7d3f',
  'res-1b9c',
  'res-e52a',
  'res-08c4',
  'res-a6f1',
  'res-3e7b',
  'res-c940',
  'res-5d28',
];

/**
 * Realistic data: JDs in every status, parsed resumes, applications with and without scores, the best
 * score of each explained. `npm start` seeds its demo tenant with it (DEMO_PEOPLE); a tenant's test
 * space starts with it (SAMPLE_PEOPLE).
 */
export function sampleData(
  now = Date.now(),
  people: readonly Person[] = SAMPLE_PEOPLE,
): ImportFile {
  const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
  const jds: NonNullable<ImportFile['jds']> = [
    [
      'jd-backend',
      'Senior Backend Engineer',
      'PUBLISHED',
      'Engineering',
      'Berlin (hybrid)',
      '5+ years',
      '€80k–€100k',
      'TypeScript, Node.js, AWS, DynamoDB',
    ],
    [
      'jd-frontend',
      'Frontend Engineer',
      'PUBLISHED',
      'Engineering',
      'Remote (EU)',
      '3+ years',
      '€65k–€80k',
      'React, TypeScript, accessibility',
    ],
    [
      'jd-data',
      'Data Analyst',
      'DRAFT',
      'Analytics',
      'London',
      '2+ years',
      '£45k–£55k',
      'SQL, Python, dashboards',
    ],
    [
      'jd-design',
      'Product Designer',
      'CLOSED',
      'Design',
      'Amsterdam',
      '4+ years',
      '€60k–€75k',
      'Figma, user research',
    ],
    [
      'jd-support',
      'Customer Support Lead',
      'ARCHIVED',
      'Operations',
      'Lisbon',
      '3+ years',
      '€40k–€50k',
      'Zendesk, team leadership',
    ],
    [
      'jd-sre',
      'Site Reliability Engineer',
      'PUBLISHED',
      'Engineering',
      'Remote',
      '4+ years',
      '$120k–$150k',
      'Kubernetes, observability, on-call',
    ],
  ].map(([id, title, status, department, location, experience, salary, requirements], i) => ({
    id: id as string,
    title: title as string,
    description: `${title} at Demo Corp. You will own meaningful work from day one, in a team that values written communication and calm on-call.`,
    createdById: 'demo-recruiter',
    status: status as 'DRAFT',
    department,
    location,
    experience,
    type: i === 4 ? 'part-time' : 'full-time',
    salary,
    requirements,
    createdAt: daysAgo(30 - i * 4),
  }));
  const resumes: NonNullable<ImportFile['resumes']> = people.map(
    ([name, skills, experience], i) => {
      const slug = name
        .toLowerCase()
        .replace(/^sample /, '')
        .replace(/[^a-z]+/g, '-');
      return {
        // Opaque: an id is shown to blind keys, so it never spells who the candidate is.
        id: SAMPLE_RESUME_IDS[i] as string,
        fileName: `${name.replace(/ /g, '_')}_CV.pdf`,
        parseStatus: i === 7 ? 'PROCESSING' : 'COMPLETED',
        metadata:
          i === 7
            ? {}
            : {
                name,
                email: `${slug}@example.com`,
                phone: `+44 20 7946 0${String(100 + i).padStart(3, '0')}`,
                skills: [...skills],
                experience,
                education: 'BSc Computer Science',
                certifications: i % 2 === 0 ? ['AWS Certified Developer'] : [],
                summary: `${name} is an engineer with ${experience} of experience in ${skills.join(', ')}.`,
              },
        createdAt: daysAgo(20 - i * 2),
      };
    },
  );
  const applications: NonNullable<ImportFile['applications']> = [
    ['app-1', 'jd-backend', 0, 'SHORTLISTED', [91.5, 84]],
    ['app-2', 'jd-backend', 1, 'SCREENING', [78]],
    ['app-3', 'jd-backend', 4, 'REJECTED', [42.25]],
    ['app-4', 'jd-backend', 7, 'SCREENING', []],
    ['app-5', 'jd-frontend', 3, 'SHORTLISTED', [88]],
    ['app-6', 'jd-frontend', 6, 'SCREENING', []],
    ['app-7', 'jd-sre', 1, 'HIRED', [95, 90]],
    ['app-8', 'jd-sre', 5, 'SCREENING', [73.5]],
    ['app-9', 'jd-design', 2, 'REJECTED', [55]],
  ].map(([id, jdId, person, status, scores], i) => ({
    id: id as string,
    jdId: jdId as string,
    resumeId: resumes[person as number]?.id as string,
    status: status as 'SCREENING',
    // Scored a day after applying, by the product's ranker, the best score of each explained.
    aiScores: (scores as number[]).map((overallScore, k) => ({
      overallScore,
      scoredAt: daysAgo(9 - i - k / 4),
      model: { id: 'match-ranker', version: k === 0 ? '2026.11.1' : '2026.10.2' },
      ...(k === 0
        ? {
            criteria: [
              { name: 'Required skills', score: Math.min(100, overallScore + 4), weight: 0.5 },
              { name: 'Seniority', score: Math.max(0, overallScore - 6), weight: 0.3 },
              { name: 'Domain experience', score: overallScore, weight: 0.2 },
            ],
            summary: `Scored ${overallScore} on the JD's required skills, seniority and domain.`,
          }
        : {}),
    })),
    createdAt: daysAgo(10 - i),
  }));
  return { jds, resumes, applications };
}

/** `npm start`'s demo tenant. */
export function demoData(now = Date.now()): ImportFile {
  return sampleData(now, DEMO_PEOPLE);
}
