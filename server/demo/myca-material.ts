// What Maple Grove's demo library says, page by page, as plain data: the material MyCA answers from
// and the golden set (tests/myca/golden.yaml) cites by file name and page. server/demo/documents.ts
// seeds MYCA_DOCUMENTS from it, one PDF page per entry of `pages`, so a cited page is the page a
// reader opens; the first files it seeds from the same texts (library-texts.ts). Kept free of
// database code so checks can read it directly.
import type { DocumentPermission } from '../authz/document-access.ts';
import { BUDGET, MINUTES, POOL_HOURS, RULES } from './library-texts.ts';

export interface MaterialDocument {
  /** The file's name as stored in the library. */
  name: string;
  /** The heading printed above page 1 of a PDF; a text file has none. */
  title?: string;
  /** The top-level folder it is seeded in; the document's permission is that folder's. */
  folder: string;
  permission: DocumentPermission;
  /** Each page's text, paragraphs separated by a blank line. */
  pages: string[];
}

/** The multi-page PDFs written for MyCA: rules, guidelines and minutes owners ask about. */
export interface PagedDocument extends MaterialDocument {
  title: string;
  daysAgo: number;
}

export const MYCA_DOCUMENTS: PagedDocument[] = [
  {
    name: 'Pool and Amenities Rules.pdf',
    title: 'Pool and Amenities Rules',
    folder: 'Governing Documents',
    permission: 'everyone',
    daysAgo: 90,
    pages: [
      `Season and hours. The pool opens on the Saturday of Memorial Day weekend and closes for the season after Labor Day. While it is open, swimming is allowed from 9 am to 9 pm every day, holidays included.

Weather. At the first sound of thunder or sight of lightning everyone leaves the water and the deck. Swimming resumes 30 minutes after the last thunder. The pool also closes for one day each season for maintenance; that day is posted on the association calendar.

Key fobs. The pool gate opens with a key fob. Every home receives two fobs at no charge. A third fob, or a replacement for one that is lost or broken, costs $25 at the Clubhouse office, open Monday to Friday from 9 am to 5 pm. A fob stops working while the home's account is more than 60 days past due. Never lend your fob or prop the gate open.`,
      `Guests. Each home may bring up to four guests at a time, and the resident who brings them stays at the pool for the whole visit. Gatherings of more than four guests need a reservation of the Pool Pavilion, made through the portal.

Lifeguard. A lifeguard is on duty on Saturdays and Sundays from noon to 6 pm. At every other time no lifeguard is present and all swimmers swim at their own risk.

Children. Children under 14 must be accompanied by a resident who is at least 18 years old. Teenagers from 14 to 17 may come without an adult if they carry their own household's fob. Children who are not toilet trained wear swim diapers. The wading pool is only for children aged 6 and under, with an adult within arm's reach.`,
      `Safety and conduct. Glass of any kind is not allowed inside the pool fence: bring drinks in plastic bottles or cans. Food stays at the pavilion tables, at least 10 feet from the water. Smoking and vaping are not allowed in the pool area. Pets are not allowed inside the pool fence, except service animals. Play music through headphones or quietly enough that it cannot be heard at the next chair.

Tennis court. The court is open from 7 am to 10 pm. When others are waiting, play is limited to 90 minutes. A household may reserve the court through the portal.

Enforcement. A first violation brings a written warning. A second one within the same season turns off the home's fobs for 30 days.`,
    ],
  },
  {
    name: 'Architectural Guidelines.pdf',
    title: 'Architectural Guidelines',
    folder: 'Governing Documents',
    permission: 'everyone',
    daysAgo: 150,
    pages: [
      `What needs approval. Any change to the outside of a home or lot that can be seen from the street or from a neighbor's yard needs the board's written approval before work starts. This includes fences, sheds, exterior paint in a new color, roofing, windows and doors, solar panels, additions and major landscaping.

How to apply. Sign in to the portal, open Requests and make an Architectural (ARC) request. Describe the work and attach a sketch or plot plan showing where it goes, the materials and colors, and the name of your contractor. Photos of the area as it is today help the board decide.

Review. The board decides within 30 days of receiving a complete request and answers in the portal and by e-mail. A request left without a decision is not approved by default; ask management about it. Approved work must start within 6 months and be finished within 12 months, or the owner applies again.`,
      `Fences. Fences are allowed in back yards only and may not come closer to the street than the rear corner of the house. A back-yard fence may be up to 6 feet high. Where a side yard faces a street, as on corner lots, the fence along it may be no more than 4 feet high.

Materials. Approved materials are cedar or pressure-treated pine, black aluminum with vertical pickets, and vinyl in white or almond. Chain-link, wire mesh and barbed wire are not allowed anywhere in Maple Grove.

Colors. Wood fences may be left to weather naturally or finished in one of three approved stains: Natural Cedar, Driftwood Gray or Dark Walnut. A painted fence must be white. The finished side faces outward, toward the neighbor or the street. Owners keep their fences in good repair and fix a leaning or broken section within 60 days of a notice from the association.`,
      `Sheds. One storage shed is allowed per lot, in the back yard. It may cover at most 120 square feet and stand no more than 10 feet high at the peak, at least 5 feet from every property line. Wood and resin sheds are allowed; metal sheds are not. The shed's siding and trim are painted to match the house.

Exterior paint. Repainting in the colors a house already has needs no approval. A new color must come from the association's approved palette, available at the Clubhouse office, and needs an architectural request naming the paint maker and color for the body, trim and front door.

Play equipment. Swing sets and playhouses go in the back yard, at least 10 feet from the property line, and need approval when taller than 8 feet.`,
      `Solar panels. Solar panels are welcome and are approved through the same architectural request. Roof panels lie flat against the roof, no more than 6 inches above the shingles, with black or dark gray frames and mounting hardware. Panels may face the street only when the rear of the roof cannot produce enough power; the installer's production estimate shows this. Ground-mounted panels are not allowed.

Satellite dishes and decorations. A satellite dish up to one meter across may be installed without approval, out of view from the street where reception allows. Holiday decorations may go up 30 days before the holiday and come down within 14 days after it.

Work without approval. Work started without approval may have to be removed at the owner's cost. The board may also fine the owner up to $100 a month until an architectural request is made.`,
    ],
  },
  {
    name: 'Parking and Vehicle Policy.pdf',
    title: 'Parking and Vehicle Policy',
    folder: 'Governing Documents',
    permission: 'everyone',
    daysAgo: 75,
    pages: [
      `Residents. Residents park in their garages and driveways first. Street parking is allowed, but a vehicle may not stay in one spot on the street for more than 72 hours, and no vehicle may block a sidewalk, a mailbox cluster or a fire hydrant.

Visitors. Visitors may use the marked visitor spaces next to the Clubhouse for up to 48 hours at a time. A visitor staying longer, up to 14 days, needs a guest parking pass: ask management for one with a general request in the portal, giving the license plate and the dates, and leave the pass on the dashboard. Overnight parking in the Clubhouse lot is only for visitors with a pass.

Contractors. Contractors and moving trucks park in the driveway or on the street in front of the home they serve, and only while they work there.`,
      `Boats, trailers and recreational vehicles. Boats, trailers, campers and motor homes may stand in a driveway for up to 48 hours to load or unload, at most twice a month. They may never be kept on the street or in the visitor spaces; longer storage must be off site.

Inoperable vehicles. A vehicle that cannot be driven, with flat tires or expired tags, is repaired or removed within 7 days of a notice.

Towing. A vehicle parked against this policy gets a warning sticker. If it has not moved 24 hours after the sticker, it may be towed at the owner's expense by Patriot Towing, the association's towing contractor. A vehicle blocking a fire lane or hydrant may be towed at once, without a warning. To recover a towed vehicle, call Patriot Towing at 404-555-0148; its lot is at 20 Commerce Drive.`,
    ],
  },
  {
    name: 'Annual Meeting Minutes 2025.pdf',
    title: 'Annual Meeting Minutes 2025',
    folder: 'Meeting Minutes',
    permission: 'owners',
    daysAgo: 100,
    pages: [
      `The annual meeting of the members of Maple Grove HOA was held on Tuesday, November 18, 2025, at 6:30 pm in the Clubhouse. President Dana Whitfield called it to order at 6:35 pm. Owners of 73 of the 212 lots were present in person or by proxy, more than the 10 percent quorum the bylaws require.

Election of directors. Two seats were open. Dana Whitfield received 58 votes, Marcus Oyelaran 52 and Priya Raman 31. Dana Whitfield and Marcus Oyelaran were elected for three-year terms ending at the 2028 annual meeting. The members thanked the retiring director, Helen Brooks, for nine years on the board.

Budget. The treasurer, Luis Ortega, presented the operating budget for 2026 that the board adopted on November 4. The members ratified it by 61 votes to 9. The quarterly assessment stays at $200 per lot.`,
      `Landscaping. Management reported that the landscaping contract with GreenScape Landscaping was renewed for three years, 2026 through 2028, at $48,000 a year. Mowing is weekly from April through October, and leaves are cleared in November. Owners asked for more care of the flower beds at the entrance; GreenScape agreed to add spring and fall plantings there at no extra cost.

Owner comments. Several owners raised cars speeding on Maple Grove Lane. The board will ask the county for a traffic study and report back.

Next meetings. The new board meets on Tuesday, December 9, 2025, at 7 pm in the Clubhouse to elect its officers. The date of the 2026 annual meeting will be posted on the association calendar at least 30 days ahead. The meeting adjourned at 8:10 pm.`,
    ],
  },
  {
    // The only place these facts live: the golden set's board-only questions rest on it.
    name: 'Confidential Board Briefing 2026.pdf',
    title: 'Confidential Board Briefing: Legal and Vendor Matters',
    folder: 'Board Only',
    permission: 'board',
    daysAgo: 10,
    pages: [
      `Confidential to the directors. This briefing is not shared with owners until the board decides otherwise.

Pool deck lawsuit. The visitor who slipped on the pool deck in July 2025 sued the association last fall. Our attorneys, Harmon & Reyes LLP, have negotiated a settlement of $42,500, to be signed at the next executive session. The insurer pays $37,500 and the association pays the $5,000 deductible from the operating account. The terms stay confidential under the agreement.

Collection matter. One home's account is 14 months past due and the association holds a lien on it. Counsel recommends filing to foreclose the lien in May unless the owner signs a payment plan before then.`,
      `Paving contractor. The board terminated the contract with Peachtree Paving effective March 15, 2026, after the company missed two scheduled pothole repairs on Maple Grove Lane. Brookhaven Asphalt will patch the potholes in April for $6,800.

Security cameras. The board approved $8,400 for cameras at the pool gate and the Clubhouse entrance, to be installed before the pool opens.

Clubhouse roof. The draft reserve study says the Clubhouse roof must be replaced by 2027 at about $96,000. The board is weighing a one-time special assessment of $450 per lot to cover it. Nothing is decided, and nothing is announced before the reserve study is final.`,
    ],
  },
];

/** The library's first files, each a single page: named and placed as documents.ts's LIBRARY seeds them. */
const FIRST_DOCUMENTS: MaterialDocument[] = [
  { name: 'Community Rules and Regulations.pdf', title: 'Community Rules and Regulations', folder: 'Governing Documents', permission: 'everyone', pages: [RULES.join('\n\n')] },
  { name: 'Pool Hours.txt', folder: 'Governing Documents', permission: 'everyone', pages: [POOL_HOURS] },
  { name: 'Annual Budget 2026.pdf', title: 'Annual Budget 2026', folder: 'Financials', permission: 'owners', pages: [BUDGET.join('\n\n')] },
  { name: 'Board Minutes — Executive Session.pdf', title: 'Board Minutes — Executive Session', folder: 'Board Only', permission: 'board', pages: [MINUTES.join('\n\n')] },
];

/** Every document of the demo library that has text (the entrance photo has none). */
export const LIBRARY_MATERIAL: MaterialDocument[] = [...FIRST_DOCUMENTS, ...MYCA_DOCUMENTS];

/** A page's paragraphs, as printed. */
export function paragraphsOf(page: string): string[] {
  return page.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p !== '');
}

/** What a reader sees on page `page` (1-based): the title above the first page, then its text. */
export function pageText(doc: MaterialDocument, page: number): string | undefined {
  const text = doc.pages[page - 1];
  if (text === undefined) return undefined;
  return page === 1 && doc.title ? `${doc.title}\n\n${text}` : text;
}
