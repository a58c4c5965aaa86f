// The documents myca.answer.p95 adds to Maple Grove's demo library so that MyCA answers from a
// library of 50 documents (docs/bench.md, "MyCA figures"): multi-page PDFs of policies, committee
// reports and board working notes on topics an association's library holds besides what the golden
// set asks about (snow, trees, the pond, mailboxes…), in folders open to everyone, to owners and to
// the board alone. The text is made from sentences below with a seeded generator, so every run
// adds the same documents; each is printed to a PDF and read back as an upload is
// (server/handlers/associations/document-files.ts): its text page by page, its passages indexed in
// the same transaction as its row.
import type { Db } from '../../../server/db/index.ts';
import type { DocumentPermission } from '../../../server/authz/document-access.ts';
import { searchableContent } from '../../../server/documents/pdf-text.ts';
import { writeChunks } from '../../../server/documents/store.ts';
import { pagedPdf } from '../../../server/demo/paged-pdf.ts';
import { indexDocumentPassages } from '../../../server/myca/passages.ts';

interface Topic {
  /** As in a file name: "Snow and Ice Removal". */
  title: string;
  /** As in a sentence: "snow and ice removal". */
  phrase: string;
  /** What this topic's documents say that no other topic's do. */
  facts: string[];
}

const TOPICS: Topic[] = [
  { title: 'Snow and Ice Removal', phrase: 'snow and ice removal', facts: [
    'The contractor plows the community streets once two inches of snow have fallen and returns every six hours while it keeps snowing.',
    'Owners clear their own driveways and the walk in front of their lot within 24 hours after the snow stops.',
    'Sand and de-icing salt are stored in the bin behind the maintenance shed and owners may take one bucket per storm.',
    'Cars left on the street during a declared snow event may be moved at the owner\'s expense so the plow can pass.',
    'Damage to a mailbox or a lawn edge caused by the plow is reported to the management office within ten days.',
    'Brine is applied to the entrance hill before a forecast freeze when the temperature is expected to fall below 28 degrees.',
  ] },
  { title: 'Tree Preservation and Pruning', phrase: 'tree preservation and pruning', facts: [
    'A healthy tree with a trunk wider than eight inches at chest height is removed only with written approval.',
    'Trees in the common areas are pruned by the association\'s arborist on a three-year rotation, one section of the community each year.',
    'An owner who removes a tree without approval plants a replacement of the same species at least two inches in caliper.',
    'Limbs that hang over a sidewalk are kept at least eight feet above the walking surface.',
    'Dead or leaning trees on a lot are the owner\'s to remove once the arborist confirms a hazard in writing.',
    'Stump grinding is included when the association removes a tree from a common area, and the hole is filled with topsoil and seed.',
  ] },
  { title: 'Stormwater Pond Maintenance', phrase: 'stormwater pond maintenance', facts: [
    'The detention pond behind Willow Court is inspected each spring and after any storm that drops more than three inches of rain.',
    'Swimming, wading and boating in the stormwater pond are not allowed at any time of year.',
    'Catch-and-release fishing from the bank is allowed from sunrise to sunset for residents and their accompanied guests.',
    'Grass clippings and leaves blown into the storm drains clog the outlet pipe and are a violation of the county permit.',
    'The aerator fountain runs from April through October to keep algae down and is serviced by the pond vendor twice a season.',
    'A buffer of native plants ten feet wide around the water is left unmowed to filter runoff and discourage geese.',
  ] },
  { title: 'Mailbox Cluster Maintenance', phrase: 'mailbox cluster maintenance', facts: [
    'The cluster mailboxes belong to the Postal Service, while the shelters and the concrete pads around them are kept by the association.',
    'A lost mailbox key is replaced by a locksmith at the owner\'s expense after the owner shows proof of residence.',
    'Parcel lockers are emptied by the carrier and a key left in a box is good for one pickup only.',
    'Graffiti or damage at a mailbox shelter is repaired within five business days of being reported.',
    'Holiday decorations may not be attached to the mailbox units because the carrier must reach every door.',
    'The shelter lights run on a timer from dusk until midnight and a burned-out bulb is replaced on the next weekly visit.',
  ] },
  { title: 'Playground Safety', phrase: 'playground safety', facts: [
    'The playground on Birch Hollow is for children twelve and under, and a parent or caregiver stays with any child under eight.',
    'The rubber mulch under the play structure is topped up every spring to a depth of nine inches.',
    'A certified inspector checks the equipment twice a year against the public playground safety handbook.',
    'Bicycles, scooters and skateboards stay outside the playground fence.',
    'Broken equipment is taped off the same day it is reported and stays closed until the vendor repairs it.',
    'The playground opens at dawn and closes at dusk, and it has no lights for evening use.',
  ] },
  { title: 'Walking Trail Use', phrase: 'walking trail use', facts: [
    'The nature trail loops 1.6 miles from the entrance garden through the woods to the pond overlook.',
    'Motorized vehicles are not allowed on the trail except the maintenance cart and wheelchairs.',
    'Trail users stay on the gravel path and keep off the wetland boardwalk when it is posted as closed after heavy rain.',
    'Mile markers every quarter mile help emergency crews find someone on the trail.',
    'Volunteers walk the trail on the first Saturday of each month to pick up litter and report fallen branches.',
    'The trail closes thirty minutes after sunset, and the gate at the overlook is locked overnight.',
  ] },
  { title: 'Irrigation and Water Conservation', phrase: 'irrigation and water conservation', facts: [
    'Lawn irrigation is allowed on even-numbered days for even addresses and odd-numbered days for odd addresses.',
    'Sprinklers run between 4 am and 10 am so that less water is lost to evaporation.',
    'Drip lines for flower beds and vegetable gardens may run any day because they lose little water.',
    'A broken sprinkler head in a common area is reported to the landscape office with the nearest street address.',
    'Rain sensors are required on every new irrigation controller installed after January 2024.',
    'During a county drought declaration the association follows the county schedule even where it is stricter than this policy.',
  ] },
  { title: 'Exterior Lighting Standards', phrase: 'exterior lighting standards', facts: [
    'Exterior fixtures are shielded so that the bulb cannot be seen from a neighbor\'s window.',
    'Motion-activated floodlights turn off within five minutes after the motion stops.',
    'Warm white bulbs of 3000 kelvin or less are used for porch, garage and path lights.',
    'Landscape lighting along a front walk is limited to ten low-voltage fixtures.',
    'Colored or flashing lights are allowed only as seasonal decorations during the holiday period the guidelines define.',
    'A light that shines into another home after a written complaint is adjusted or shielded within 30 days.',
  ] },
  { title: 'Roof Replacement Standards', phrase: 'roof replacement standards', facts: [
    'Replacement shingles are architectural asphalt shingles with a 30-year warranty in one of the approved earth-tone colors.',
    'A roof replaced with the same material and color still needs a short notice to the management office before work starts.',
    'Roofing crews work between 7 am and 7 pm on weekdays and 9 am and 5 pm on Saturdays.',
    'Dumpsters for a roofing job stay on the driveway, not the street, and are removed within three days after the work ends.',
    'Solar shingles and metal standing-seam roofs are reviewed case by case and need drawings with the request.',
    'Gutters and drip edges match the trim color of the home when they are replaced with the roof.',
  ] },
  { title: 'Driveway and Sidewalk Repair', phrase: 'driveway and sidewalk repair', facts: [
    'Owners keep their driveway apron in good repair, and the association repairs the public sidewalk crossing it.',
    'A sidewalk panel that lifts more than three quarters of an inch is ground down or replaced as a trip hazard.',
    'Driveways are concrete or pavers in a natural gray or tan tone, and asphalt driveways are not allowed.',
    'Widening a driveway needs approval and may not bring the paved area past forty percent of the front yard.',
    'Cracks in a driveway wider than a quarter inch are sealed before winter to keep water out.',
    'A contractor who damages a sidewalk during work on a home repairs it at the owner\'s cost within 30 days.',
  ] },
  { title: 'Owner Insurance Requirements', phrase: 'owner insurance requirements', facts: [
    'Each owner carries a homeowner\'s policy covering the full replacement cost of the home and its improvements.',
    'The association\'s master policy covers the common areas, the clubhouse building and the association\'s liability.',
    'Owners send a certificate of insurance to the management office when asked during the annual audit.',
    'Damage that starts in one home and spreads to a common area is claimed first under the owner\'s policy.',
    'The association\'s directors and officers policy is renewed each July with a limit set by the board.',
    'Contractors hired by owners for exterior work show proof of general liability coverage before starting.',
  ] },
  { title: 'Records Inspection', phrase: 'records inspection', facts: [
    'Owners may inspect the association\'s books and records after a written request that names the records wanted.',
    'Records are made available at the management office within ten business days of the request.',
    'Copies cost twenty-five cents a page, and electronic copies are sent at no charge when the records exist in that form.',
    'Personnel files, legal advice and other owners\' personal information are withheld as the state act allows.',
    'Minutes of owners\' meetings are posted in the document library once the board approves them.',
    'An owner may bring one other person, such as an accountant, to a records inspection.',
  ] },
  { title: 'Pest Control', phrase: 'pest control', facts: [
    'The association treats the common areas for fire ants each spring and fall with a product safe for pets once dry.',
    'Termite inspections of the clubhouse are done every year, and owners schedule their own for their homes.',
    'Mosquito spraying along the pond edges happens every other week from May through September.',
    'Bird feeders are kept off the ground and cleaned regularly so they do not attract rodents.',
    'Wildlife such as raccoons or snakes in a home is handled by a licensed trapper the owner hires.',
    'Owners are told at least two days before any spraying in a common area next to their lot.',
  ] },
  { title: 'Emergency Preparedness', phrase: 'emergency preparedness', facts: [
    'The clubhouse is the community\'s meeting point after a storm and has a backup generator for its lights and phone charging.',
    'Owners may sign up for text alerts from the management office about road closures and power outages.',
    'A list of neighbors who may need help during an outage is kept by the welcome committee with their consent.',
    'Storm debris is piled at the curb, not in the street, and the association arranges one extra pickup after a major storm.',
    'Fire hydrants are kept clear for three feet on every side, and nothing is planted or parked in front of them.',
    'The first aid kit and defibrillator in the clubhouse lobby are checked every month by the facilities manager.',
  ] },
];

/** Sentences any policy page may hold, `{topic}` the topic's phrase. */
const POLICY_SENTENCES = [
  'This policy applies to every lot in the community and to the common areas the association maintains.',
  'The board adopted this {topic} policy under its power to make reasonable rules for the community.',
  'Owners are responsible for making sure their tenants, guests and contractors follow this policy.',
  'Questions about {topic} go to the management office through the portal or by phone during business hours.',
  'A first violation receives a courtesy letter that describes the problem and gives a reasonable time to correct it.',
  'A violation that is not corrected after the courtesy letter may lead to a hearing before the board.',
  'Fines follow the schedule in the Community Rules and Regulations after notice and an opportunity to be heard.',
  'The board reviews the {topic} policy every two years and may change it after giving owners notice.',
  'Nothing in this policy replaces a county or state requirement that is stricter.',
  'Work the association does under this policy is paid from the operating budget unless it benefits a single lot.',
  'Where this policy and the declaration disagree, the declaration controls.',
  'Requests for an exception are made in writing and explain why the standard cannot be met.',
  'The management office keeps a record of every request, letter and decision made under this policy.',
  'Owners may raise concerns about {topic} at the open forum of any regular board meeting.',
];

/** Sentences of a committee report page. */
const REPORT_SENTENCES = [
  'The committee met four times this year and walked the community twice to review {topic}.',
  'Members of the committee are volunteers appointed by the board for one-year terms.',
  'The committee recommends keeping the current vendor for {topic} for another season.',
  'Residents sent the committee several comments through the portal, most of them about response times.',
  'The committee compared three proposals and found the lowest one left out routine follow-up visits.',
  'Spending on {topic} stayed within the amount the budget set aside for it.',
  'The committee asks owners to report problems early, when they cost less to fix.',
  'A short survey of owners found most were satisfied with {topic} and wanted clearer notices.',
  'The committee will present its full recommendations at the next regular meeting of the board.',
  'Photos taken on the walk-through are kept with the management office and may be viewed on request.',
  'New members are welcome and may volunteer by sending a message to the management office.',
];

/** Sentences of a board working-notes page. */
const BOARD_SENTENCES = [
  'These notes are for directors preparing the next discussion of {topic} and are not minutes.',
  'The manager collected bids from three vendors for {topic} and summarized them for the board.',
  'Directors asked the manager to check references before the contract comes to a vote.',
  'The draft contract for {topic} runs for one year with an option to renew for a second.',
  'One vendor asked for a deposit up front, which the board has not agreed to in the past.',
  'The treasurer noted that the line for {topic} may need to rise in next year\'s budget.',
  'Directors agreed to revisit the response time written into the service agreement.',
  'Any owner complaint about {topic} will be summarized for directors without naming the owner.',
  'The manager will bring a recommendation to the executive session before the contract expires.',
  'Insurance certificates from each vendor are on file with the management office.',
];

/** A small, seeded generator (mulberry32): the same documents on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with the seeded generator. */
function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Pages of about 130 to 150 words: a section heading, then paragraphs of the topic's facts among
 * `common` sentences, each common sentence used once in the document until all have been.
 */
function pagesOf(topic: Topic, headings: string[], common: string[], random: () => number): string[][] {
  const facts = [...topic.facts];
  let pool: string[] = [];
  return headings.map((heading, index) => {
    const mine = facts.splice(0, Math.ceil(facts.length / (headings.length - index)));
    const sentences = [...mine];
    while (wordCount(sentences.join(' ')) < 130) {
      if (pool.length === 0) pool = shuffled(common.map((s) => s.replaceAll('{topic}', topic.phrase)), random);
      const next = pool.pop()!;
      if (!sentences.includes(next)) sentences.splice(Math.floor(random() * (sentences.length + 1)), 0, next);
    }
    const paragraphs = [`Section ${index + 1}. ${heading}`];
    for (let at = 0; at < sentences.length; at += 3) paragraphs.push(sentences.slice(at, at + 3).join(' '));
    return paragraphs;
  });
}

export interface SyntheticDocument {
  name: string;
  title: string;
  folder: { name: string; permission: DocumentPermission };
  /** Each page's paragraphs, as printed. */
  pages: string[][];
}

const FOLDERS = {
  policy: { name: 'Governing Documents', permission: 'everyone' },
  report: { name: 'Committee Reports', permission: 'owners' },
  board: { name: 'Board Only', permission: 'board' },
} as const;

/** `count` documents, topic by topic: a policy (open to everyone), a committee report (owners), board working notes (board only). */
export function syntheticDocuments(count: number): SyntheticDocument[] {
  const random = seeded(20260105);
  const all: SyntheticDocument[] = [];
  for (const [n, topic] of TOPICS.entries()) {
    all.push({
      name: `${topic.title} Policy.pdf`, title: `${topic.title} Policy`, folder: FOLDERS.policy,
      pages: pagesOf(topic, ['Purpose and scope', 'Owner responsibilities', 'Association responsibilities', 'Enforcement'].slice(0, n % 2 === 0 ? 4 : 3), POLICY_SENTENCES, random),
    });
    all.push({
      name: `${topic.title} Committee Report ${2023 + (n % 3)}.pdf`, title: `${topic.title} Committee Report`, folder: FOLDERS.report,
      pages: pagesOf(topic, ['Summary', 'Findings', 'Recommendations'].slice(0, n % 3 === 0 ? 3 : 2), REPORT_SENTENCES, random),
    });
    all.push({
      name: `${topic.title} — Board Working Notes.pdf`, title: `${topic.title} — Board Working Notes`, folder: FOLDERS.board,
      pages: pagesOf(topic, ['Background', 'Open questions'], BOARD_SENTENCES, random),
    });
  }
  if (count > all.length) throw new Error(`the bench has ${all.length} synthetic documents, ${count} were asked for`);
  return all.slice(0, count);
}

/**
 * Adds documents to the association until it holds `total`, each as an upload stores it: the PDF's
 * bytes, its text read back from them page by page, its passages. Refuses text that holds any of
 * `forbidden` (the board-only facts a homeowner must never be told), so that only MyCA can leak them.
 */
export async function growLibrary(db: Db, associationId: number, total: number, forbidden: string[], now: Date): Promise<number> {
  const { rows: counted } = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM documents WHERE association_id = $1', [associationId]);
  const missing = total - Number(counted[0].n);
  if (missing <= 0) return 0;
  const documents = syntheticDocuments(missing);
  const { rows: board } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN board_members b ON b.user_id = u.id WHERE b.association_id = $1 ORDER BY u.id LIMIT 1`, [associationId]);
  const folders = new Map<string, number>();
  for (const doc of documents) {
    const text = doc.pages.flat().join('\n').toLowerCase();
    const told = forbidden.filter((fact) => text.includes(fact.toLowerCase()));
    if (told.length > 0) throw new Error(`${doc.name} holds the board-only ${told.join(', ')}`);
    const bytes = await pagedPdf(doc.title, doc.pages);
    const { text: body, pages } = await searchableContent('application/pdf', bytes);
    if (pages.length !== doc.pages.length) throw new Error(`${doc.name}: ${doc.pages.length} pages printed, ${pages.length} read back`);
    await db.transaction(async (tx) => {
      let folderId = folders.get(doc.folder.name);
      if (folderId === undefined) {
        const { rows } = await tx.query<{ id: number }>(
          'SELECT id FROM document_folders WHERE association_id = $1 AND parent_id IS NULL AND name = $2', [associationId, doc.folder.name]);
        folderId = rows[0]
          ? Number(rows[0].id)
          : Number((await tx.query<{ id: number }>(
            'INSERT INTO document_folders (association_id, parent_id, name, permission, created_at, created_by) VALUES ($1, NULL, $2, $3, $4, $5) RETURNING id',
            [associationId, doc.folder.name, doc.folder.permission, now, board[0]?.id ?? null])).rows[0].id);
        const { rows: permission } = await tx.query<{ permission: string }>('SELECT permission FROM document_folders WHERE id = $1', [folderId]);
        if (permission[0].permission !== doc.folder.permission) throw new Error(`folder "${doc.folder.name}" is ${permission[0].permission}, not ${doc.folder.permission}`);
        folders.set(doc.folder.name, folderId);
      }
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO documents (association_id, folder_id, name, content_type, size_bytes, uploaded_at, uploaded_by, body_text)
         VALUES ($1, $2, $3, 'application/pdf', $4, $5, $6, $7) RETURNING id`,
        [associationId, folderId, doc.name, bytes.length, now, board[0]?.id ?? null, body],
      );
      await writeChunks(tx, rows[0].id, bytes);
      await indexDocumentPassages(tx, rows[0].id, pages, true);
    });
  }
  return documents.length;
}
