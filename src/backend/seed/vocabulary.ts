/**
 * Word lists, names and sentence templates for the seed data generator. Everything here is fixed
 * data; all choices among it are made by `seed.ts` with the seeded PRNG.
 *
 * Text is plain, gender-neutral (the student's first name or "they"), and reads like notes an
 * advisor or instructor would write.
 */
import { DATA_INSIGHT_TYPES } from '../../api/schemas/notations.ts';

// ---------------------------------------------------------------------------------------------
// Text context: what a sentence template can use. `seed.ts` fills one object per notation.

export interface TextCtx {
  /** The student's first name. */
  first: string;
  /** One of the student's courses this term ("MATH 121"), and a different one. */
  course: string;
  course2: string;
  /** A weekday shortly before the notation ("March 3") and its name ("Tuesday"). */
  date: string;
  day: string;
  /** A day one to two weeks after the notation. */
  later: string;
  /** A day two to three weeks before the notation. */
  earlier: string;
  /** Integer in [min, max]. */
  n(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** An assignment ("Lab 4"), and another one different from the last `a()`. */
  a(): string;
  a2(): string;
  /** A GPA between min and max, two decimals. */
  gpa(min: number, max: number): string;
}

export type Template = (c: TextCtx) => string;

// ---------------------------------------------------------------------------------------------
// People

export interface NameGroup {
  weight: number;
  first: readonly string[];
  last: readonly string[];
}

/**
 * Names in loose groups so that most combinations look natural; a share of first names is drawn
 * across groups. A few names carry diacritics, apostrophes, hyphens or spaces on purpose.
 */
export const NAME_GROUPS: readonly NameGroup[] = [
  {
    weight: 34,
    first: [
      'James',
      'Mary',
      'John',
      'Patricia',
      'Robert',
      'Jennifer',
      'Michael',
      'Linda',
      'William',
      'Elizabeth',
      'David',
      'Barbara',
      'Richard',
      'Susan',
      'Joseph',
      'Jessica',
      'Thomas',
      'Sarah',
      'Christopher',
      'Karen',
      'Daniel',
      'Emily',
      'Matthew',
      'Ashley',
      'Anthony',
      'Hannah',
      'Andrew',
      'Madison',
      'Joshua',
      'Abigail',
      'Ryan',
      'Olivia',
      'Tyler',
      'Emma',
      'Brandon',
      'Jacob',
      'Grace',
      'Ethan',
      'Lauren',
      'Logan',
      'Megan',
      'Dylan',
      'Kayla',
      'Austin',
      'Taylor',
      'Caleb',
      'Morgan',
      'Nathan',
      'Brooke',
      'Zachary',
      'Haley',
      'Connor',
      'Avery',
      'Jordan',
      'Riley',
      'Benjamin',
      'Charlotte',
      'Samuel',
      'Amelia',
      'Henry',
      'Natalie',
      'Owen',
      'Rachel',
      'Noah',
      'Victoria',
      'Evan',
      'Claire',
      'Aiden',
      'Samantha',
      'Cameron',
      'Julia',
      'Gavin',
      'Paige',
      'Hunter',
      'Allison',
      'Colin',
      'Kelsey',
      'Justin',
      'Molly',
    ],
    last: [
      'Smith',
      'Johnson',
      'Williams',
      'Brown',
      'Jones',
      'Miller',
      'Davis',
      'Wilson',
      'Anderson',
      'Taylor',
      'Thomas',
      'Moore',
      'Martin',
      'Jackson',
      'Thompson',
      'White',
      'Harris',
      'Clark',
      'Lewis',
      'Robinson',
      'Walker',
      'Young',
      'Allen',
      'King',
      'Wright',
      'Scott',
      'Hill',
      'Green',
      'Adams',
      'Baker',
      'Nelson',
      'Carter',
      'Mitchell',
      'Roberts',
      'Turner',
      'Phillips',
      'Campbell',
      'Parker',
      'Evans',
      'Edwards',
      'Collins',
      'Stewart',
      'Morris',
      'Murphy',
      'Cook',
      'Rogers',
      'Morgan',
      'Cooper',
      'Peterson',
      'Bailey',
      'Reed',
      'Kelly',
      'Howard',
      'Cox',
      'Ward',
      'Richardson',
      'Watson',
      'Brooks',
      'Wood',
      'James',
      'Bennett',
      'Gray',
      'Hughes',
      'Price',
      'Sanders',
      'Myers',
      'Long',
      'Ross',
      'Foster',
      'Powell',
      'Barnes',
      'Fisher',
      'Henderson',
      'Reynolds',
      'Hamilton',
      'Graham',
      'Wallace',
      'Woods',
      'Cole',
      'West',
      'Owens',
      'Marshall',
    ],
  },
  {
    weight: 20,
    first: [
      'José',
      'María',
      'Luis',
      'Sofía',
      'Carlos',
      'Valentina',
      'Juan',
      'Camila',
      'Miguel',
      'Isabella',
      'Alejandro',
      'Gabriela',
      'Diego',
      'Daniela',
      'Jorge',
      'Mariana',
      'Andrés',
      'Lucía',
      'Javier',
      'Ximena',
      'Santiago',
      'Paola',
      'Mateo',
      'Adriana',
      'Ricardo',
      'Alejandra',
      'Fernando',
      'Carolina',
      'Eduardo',
      'Natalia',
      'Héctor',
      'Valeria',
      'Raúl',
      'Guadalupe',
      'Emilio',
      'Yesenia',
      'Rafael',
      'Esperanza',
      'Iván',
      'Marisol',
      'Alondra',
      'Cristian',
      'Jazmín',
      'Óscar',
      'Rocío',
      'Tomás',
    ],
    last: [
      'García',
      'Rodríguez',
      'Martínez',
      'Hernández',
      'López',
      'González',
      'Pérez',
      'Sánchez',
      'Ramírez',
      'Torres',
      'Flores',
      'Rivera',
      'Gómez',
      'Díaz',
      'Reyes',
      'Morales',
      'Cruz',
      'Ortiz',
      'Gutiérrez',
      'Chávez',
      'Ramos',
      'Ruiz',
      'Álvarez',
      'Mendoza',
      'Vásquez',
      'Castillo',
      'Jiménez',
      'Moreno',
      'Romero',
      'Herrera',
      'Medina',
      'Aguilar',
      'Vargas',
      'Guzmán',
      'Núñez',
      'Peña',
      'Delgado',
      'Castro',
      'Soto',
      'Ibáñez',
      'Navarro',
      'Domínguez',
      'Salazar',
      'Fuentes',
      'Rojas',
      'Ruiz-Ortega',
    ],
  },
  {
    weight: 10,
    first: [
      'Jamal',
      'Aaliyah',
      'DeShawn',
      'Imani',
      'Malik',
      'Jasmine',
      'Darnell',
      'Keisha',
      'Terrence',
      'Ebony',
      'Andre',
      'Tiana',
      'Marcus',
      'Destiny',
      'Jalen',
      'Nia',
      'Tyrone',
      'Aisha',
      'Xavier',
      'Kiara',
      'Darius',
      'Shanice',
      'Isaiah',
      'Monique',
      'Cedric',
      'Latoya',
      'Trevon',
      'Janelle',
      'Jerome',
      'Dominique',
    ],
    last: [
      'Washington',
      'Jefferson',
      'Banks',
      'Jenkins',
      'Booker',
      'Coleman',
      'Freeman',
      'Gaines',
      'Dorsey',
      'Mack',
      'Battle',
      'Wiggins',
      'Pryor',
      'Holloway',
      'Toussaint',
      'Baptiste',
      'Pierre',
      'Moss',
      'Grant',
      'Tate',
      'Jackson',
      'Robinson',
      'Harris',
      'Williams',
    ],
  },
  {
    weight: 10,
    first: [
      'Wei',
      'Mei',
      'Jun',
      'Xin',
      'Hao',
      'Ying',
      'Lei',
      'Jing',
      'Yuki',
      'Haruto',
      'Sakura',
      'Hiroshi',
      'Aiko',
      'Kenji',
      'Min-jun',
      'Ji-woo',
      'Seo-yeon',
      'Hyun-woo',
      'Eun-ji',
      'Minh',
      'Linh',
      'Anh',
      'Thao',
      'Quang',
      'Huong',
      'Tuan',
      'Bao',
      'Kevin',
      'Vivian',
      'Eric',
    ],
    last: [
      'Nguyen',
      'Tran',
      'Le',
      'Pham',
      'Hoang',
      'Vu',
      'Dang',
      'Bui',
      'Wang',
      'Li',
      'Zhang',
      'Liu',
      'Chen',
      'Yang',
      'Huang',
      'Zhao',
      'Wu',
      'Zhou',
      'Xu',
      'Sun',
      'Lin',
      'Kim',
      'Lee',
      'Park',
      'Choi',
      'Jung',
      'Kang',
      'Cho',
      'Yoon',
      'Tanaka',
      'Sato',
      'Suzuki',
      'Takahashi',
      'Watanabe',
      'Yamamoto',
      'Nakamura',
      'Kobayashi',
      'Ito',
    ],
  },
  {
    weight: 7,
    first: [
      'Aarav',
      'Priya',
      'Rohan',
      'Ananya',
      'Arjun',
      'Kavya',
      'Vikram',
      'Divya',
      'Rahul',
      'Sneha',
      'Aditya',
      'Pooja',
      'Sanjay',
      'Meera',
      'Nikhil',
      'Shreya',
      'Karan',
      'Anjali',
      'Ravi',
      'Deepika',
      'Farhan',
      'Ayesha',
      'Imran',
      'Nadia',
      'Harpreet',
      'Gurpreet',
    ],
    last: [
      'Patel',
      'Shah',
      'Singh',
      'Kumar',
      'Sharma',
      'Gupta',
      'Reddy',
      'Rao',
      'Iyer',
      'Nair',
      'Mehta',
      'Desai',
      'Joshi',
      'Chopra',
      'Kapoor',
      'Malhotra',
      'Banerjee',
      'Chatterjee',
      'Das',
      'Khan',
      'Ahmed',
      'Hussain',
      'Chaudhry',
      'Siddiqui',
      'Bhatt',
      'Pillai',
      'Menon',
      'Verma',
    ],
  },
  {
    weight: 5,
    first: [
      'Omar',
      'Fatima',
      'Ahmed',
      'Layla',
      'Yusuf',
      'Mariam',
      'Khalid',
      'Noor',
      'Hassan',
      'Amira',
      'Tariq',
      'Zainab',
      'Karim',
      'Leila',
      'Samir',
      'Yasmin',
      'Bilal',
      'Rania',
      'Ali',
      'Dina',
      'Reza',
      'Shirin',
      'Emre',
      'Elif',
    ],
    last: [
      'Haddad',
      'Khalil',
      'Nasser',
      'Saleh',
      'Mansour',
      'Aziz',
      'Rahman',
      'Hamdan',
      'Farah',
      'Abboud',
      'Karimi',
      'Hosseini',
      'Ahmadi',
      'Rezaei',
      'Yilmaz',
      'Demir',
      'Kaya',
      'Öztürk',
      'Sayegh',
      'Bishara',
      'Darwish',
      'Al-Amin',
    ],
  },
  {
    weight: 5,
    first: [
      'Chinedu',
      'Ngozi',
      'Oluwaseun',
      'Adaeze',
      'Kwame',
      'Ama',
      'Kofi',
      'Abena',
      'Tunde',
      'Folake',
      'Emeka',
      'Chiamaka',
      'Abebe',
      'Tigist',
      'Yohannes',
      'Selam',
      'Musa',
      'Halima',
      'Kelechi',
      'Nneka',
      'Sekou',
      'Fatoumata',
      'Jabari',
      'Zawadi',
    ],
    last: [
      'Okafor',
      'Okonkwo',
      'Adeyemi',
      'Oyelaran',
      'Balogun',
      'Eze',
      'Nwosu',
      'Obi',
      'Mensah',
      'Owusu',
      'Asante',
      'Boateng',
      'Tesfaye',
      'Bekele',
      'Haile',
      'Girma',
      'Diallo',
      'Traoré',
      'Keita',
      'Mwangi',
      'Otieno',
      'Kamau',
      'Ndlovu',
      'Dlamini',
    ],
  },
  {
    weight: 9,
    first: [
      'Giulia',
      'Marco',
      'Francesca',
      'Luca',
      'Katarzyna',
      'Piotr',
      'Anna',
      'Tomasz',
      'Liam',
      'Siobhan',
      'Sean',
      'Niamh',
      'Lukas',
      'Lena',
      'Felix',
      'Johanna',
      'Dimitri',
      'Eleni',
      'Nikos',
      'Sophia',
      'Chloé',
      'Mathieu',
      'Camille',
      'Antoine',
      'Ingrid',
      'Lars',
      'Astrid',
      'Sven',
      'Mateusz',
      'Zoë',
      'Renée',
      'Ana',
      'Ivan',
      'Olga',
      'Mikhail',
      'Tatiana',
    ],
    last: [
      'Rossi',
      'Russo',
      'Ferrari',
      'Esposito',
      'Bianchi',
      'Romano',
      'Kowalski',
      'Nowak',
      'Wiśniewski',
      'Lewandowski',
      'Müller',
      'Schmidt',
      'Schneider',
      'Fischer',
      'Weber',
      'Becker',
      "O'Brien",
      "O'Connor",
      'Sullivan',
      'Byrne',
      'McCarthy',
      'Gallagher',
      'Papadopoulos',
      'Georgiou',
      'Dubois',
      'Laurent',
      'Lefèvre',
      'Moreau',
      'Johansson',
      'Andersson',
      'Lindqvist',
      'Nielsen',
      'Hansen',
      'Ivanov',
      'Petrov',
      'Novak',
      'Horvath',
      'Kovács',
      'De Luca',
      'Van der Berg',
      "D'Angelo",
      'Brennan',
    ],
  },
];

/** Staff roles and their share of the staff (advisors first: every network starts with one). */
export const STAFF_ROLES = ['Advisor', 'Faculty', 'Coach', 'Staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_SHARE: Readonly<Record<StaffRole, number>> = {
  Advisor: 0.35,
  Faculty: 0.35,
  Coach: 0.12,
  Staff: 0.18,
};

// ---------------------------------------------------------------------------------------------
// Categories, encouragement types, triggers

export interface CategoryDef {
  name: string;
  active: boolean;
}

/**
 * Ids 1..30 in this order. The 10 inactive ones are older, duplicative categories that were
 * consolidated into current ones (Excessive Absences → Attendance Concern, …).
 */
export const CATEGORIES: readonly CategoryDef[] = [
  { name: 'Attendance Concern', active: true }, // 1
  { name: 'Excessive Absences', active: false }, // 2
  { name: 'Missing Assignments', active: true }, // 3
  { name: 'Missing Homework', active: false }, // 4
  { name: 'In Danger of Failing', active: true }, // 5
  { name: 'Poor Grades', active: false }, // 6
  { name: 'Financial Concern', active: true }, // 7
  { name: 'Financial Aid Issue', active: false }, // 8
  { name: 'Low Participation', active: true }, // 9
  { name: 'Lack of Engagement', active: false }, // 10
  { name: 'Late Assignments', active: true }, // 11
  { name: 'Tardiness', active: false }, // 12
  { name: 'Tutoring Recommended', active: true }, // 13
  { name: 'Personal Concern', active: true }, // 14
  { name: 'General Concern', active: false }, // 15
  { name: 'Health Concern', active: true }, // 16
  { name: 'Housing Insecurity', active: true }, // 17
  { name: 'Food Insecurity', active: true }, // 18
  { name: 'Academic Probation Risk', active: true }, // 19
  { name: 'Midterm Deficiency', active: false }, // 20
  { name: 'Registration Hold', active: true }, // 21
  { name: 'Career Guidance', active: true }, // 22
  { name: 'Study Skills', active: true }, // 23
  { name: 'Test Anxiety', active: true }, // 24
  { name: 'Transfer Interest', active: true }, // 25
  { name: 'Withdrawal Risk', active: true }, // 26
  { name: 'Time Management', active: true }, // 27
  { name: 'Mental Health Referral', active: true }, // 28
  { name: 'Counseling Referral', active: false }, // 29
  { name: 'Math Placement Concern', active: false }, // 30
];

/** Ids 1..9 in this order. */
export const ENCOURAGEMENT_TYPES: readonly { name: string; icon: string }[] = [
  { name: 'Academic Excellence', icon: 'star' },
  { name: 'Active Participation', icon: 'hand' },
  { name: 'Craftsmanship', icon: 'hammer' },
  { name: 'Innovative Approach', icon: 'lightbulb' },
  { name: 'Mentoring', icon: 'people' },
  { name: 'Positivity', icon: 'sun' },
  { name: 'Quality of Effort', icon: 'check' },
  { name: 'Thoughtfulness', icon: 'heart' },
  { name: 'Other', icon: 'sparkle' },
];

/** How often each encouragement type is given (same order as ENCOURAGEMENT_TYPES). */
export const ENCOURAGEMENT_TYPE_WEIGHTS: readonly number[] = [18, 16, 7, 6, 7, 10, 18, 8, 10];

// The contract's list, in its order (the weights below follow it).
export { DATA_INSIGHT_TYPES };
export type DataInsightType = (typeof DATA_INSIGHT_TYPES)[number];
export const DATA_INSIGHT_TYPE_WEIGHTS: readonly number[] = [15, 22, 25, 10, 8, 20];

export interface TriggerDef {
  name: string;
  additionalAdvice: string;
  audienceType: 'All' | 'FullNetwork';
  canStudentView: boolean;
  elevateToAlert: boolean;
  /** The data insight type its action produces (when it does not elevate to an alert). */
  dataInsightType: DataInsightType;
  /** What one firing of the trigger observed about a student. */
  detail: Template;
}

/** Ids 1..12 in this order. */
export const TRIGGERS: readonly TriggerDef[] = [
  {
    name: 'Three unexcused absences',
    additionalAdvice: 'Contact the student within two business days and ask what is getting in the way of attending.',
    audienceType: 'FullNetwork',
    canStudentView: false,
    elevateToAlert: true,
    dataInsightType: 'UnexcusedAbsence',
    detail: (c) => `${c.first} now has ${c.n(3, 4)} unexcused absences in ${c.course} (most recent on ${c.date}).`,
  },
  {
    name: 'Midterm grade below C',
    additionalAdvice: 'Encourage the student to meet with the instructor and visit the Tutoring Center before the withdrawal deadline.',
    audienceType: 'All',
    canStudentView: true,
    elevateToAlert: true,
    dataInsightType: 'Grade',
    detail: (c) => `${c.first}'s midterm grade in ${c.course} is ${c.pick(LOW_GRADES)}.`,
  },
  {
    name: 'Baseline survey: financial worry',
    additionalAdvice: 'Share the emergency grant application and refer the student to the Financial Aid Office.',
    audienceType: 'FullNetwork',
    canStudentView: false,
    elevateToAlert: false,
    dataInsightType: 'BaselineSurvey',
    detail: (c) => `${c.first} answered "${c.pick(['Very worried', 'Extremely worried'])}" to "How worried are you about paying for college this year?"`,
  },
  {
    name: 'No LMS login in 14 days',
    additionalAdvice: 'Send a check-in message; if there is no reply within a week, call the student.',
    audienceType: 'All',
    canStudentView: false,
    elevateToAlert: false,
    dataInsightType: 'Api',
    detail: (c) => `${c.first} has not logged in to the learning management system since ${c.earlier}.`,
  },
  {
    name: 'Baseline survey: working 20+ hours a week',
    additionalAdvice: 'Talk through the weekly schedule and suggest on-campus jobs with flexible hours.',
    audienceType: 'FullNetwork',
    canStudentView: false,
    elevateToAlert: false,
    dataInsightType: 'BaselineSurvey',
    detail: (c) => `${c.first} expects to work ${c.n(20, 40)} hours a week during the term.`,
  },
  {
    name: 'Final grade of D or F',
    additionalAdvice: 'Review repeat options and the effect on GPA and financial aid eligibility with the student.',
    audienceType: 'FullNetwork',
    canStudentView: false,
    elevateToAlert: false,
    dataInsightType: 'Grade',
    detail: (c) => `Final grade posted for ${c.course}: ${c.pick(['D+', 'D', 'D-', 'F'])}.`,
  },
  {
    name: 'Check-in question: considering leaving',
    additionalAdvice: 'Reach out personally within 24 hours and consider a referral to the Dean of Students Office.',
    audienceType: 'FullNetwork',
    canStudentView: false,
    elevateToAlert: true,
    dataInsightType: 'CustomQuestion',
    detail: (c) => `${c.first} answered "${c.pick(['Yes', 'Maybe'])}" to "Are you thinking about leaving college before finishing your degree?"`,
  },
  {
    name: 'SSI: low Resiliency score',
    additionalAdvice: 'Invite the student to the coping-skills workshop series and check in after the first month.',
    audienceType: 'FullNetwork',
    canStudentView: false,
    elevateToAlert: false,
    dataInsightType: 'AdministrationResponse',
    detail: (c) => `${c.first}'s Resiliency score on the Student Strengths Inventory is at percentile ${c.n(3, 25)}.`,
  },
  {
    name: 'Cumulative GPA below 2.0',
    additionalAdvice: 'Schedule an academic recovery plan meeting before registration opens.',
    audienceType: 'FullNetwork',
    canStudentView: false,
    elevateToAlert: false,
    dataInsightType: 'Api',
    detail: (c) => `${c.first}'s cumulative GPA is now ${c.gpa(1.4, 1.99)}.`,
  },
  {
    name: 'Two consecutive absences',
    additionalAdvice: 'A friendly note from the instructor is usually enough at this point.',
    audienceType: 'All',
    canStudentView: true,
    elevateToAlert: false,
    dataInsightType: 'UnexcusedAbsence',
    detail: (c) => `${c.first} was absent from ${c.course} on ${c.day}, ${c.date} and at the class meeting before.`,
  },
  {
    name: 'Check-in question: food or housing need',
    additionalAdvice: 'Refer the student to the campus food pantry and the basic-needs coordinator.',
    audienceType: 'FullNetwork',
    canStudentView: false,
    elevateToAlert: false,
    dataInsightType: 'CustomQuestion',
    detail: (c) => `${c.first} answered "Yes" to "In the past month, have you worried about having enough food or a stable place to stay?"`,
  },
  {
    name: 'Dropped below full-time enrollment',
    additionalAdvice: 'Check the effect on financial aid, athletics eligibility and housing before the census date.',
    audienceType: 'FullNetwork',
    canStudentView: false,
    elevateToAlert: false,
    dataInsightType: 'Api',
    detail: (c) => `${c.first} is now enrolled in ${c.n(6, 11)} credits after dropping ${c.course}.`,
  },
];

// ---------------------------------------------------------------------------------------------
// Non-cognitive assessments

export interface AssessmentDef {
  name: string;
  short: string;
  factors: readonly { name: string; description: string }[];
}

/** Assessment ids 1..2; factor ids are global 1..13 in this order. */
export const ASSESSMENTS: readonly AssessmentDef[] = [
  {
    name: 'Student Strengths Inventory',
    short: 'SSI',
    factors: [
      {
        name: 'Academic Engagement',
        description: 'The extent to which a student values schoolwork and attends to class activities and assignments.',
      },
      {
        name: 'Academic Self-Efficacy',
        description: "A student's confidence in being able to succeed at academic tasks and coursework.",
      },
      {
        name: 'Campus Engagement',
        description: 'The degree to which a student takes part in campus activities and feels connected to the institution.',
      },
      {
        name: 'Educational Commitment',
        description: "A student's commitment to staying in school and completing a degree.",
      },
      {
        name: 'Resiliency',
        description: 'The ability to cope with pressure, manage stress and recover from setbacks.',
      },
      {
        name: 'Social Comfort',
        description: 'How at ease a student feels in social situations and in forming relationships with peers and faculty.',
      },
    ],
  },
  {
    name: 'Continuing Student Assessment',
    short: 'CSA',
    factors: [
      {
        name: 'Career Maturity',
        description: 'How clearly a student has connected academic plans with career goals and taken steps toward them.',
      },
      {
        name: 'Campus Engagement',
        description: 'The extent to which a continuing student takes part in campus life and uses campus resources.',
      },
      {
        name: 'Life Complexity',
        description: "The amount of outside demands, such as work, family and finances, that compete with a student's studies.",
      },
      {
        name: 'Resiliency',
        description: "A continuing student's capacity to persist through academic and personal setbacks.",
      },
      {
        name: 'Self-Regulatory and Agentic Learning',
        description: 'How well a student plans, monitors and takes ownership of their own learning.',
      },
      {
        name: 'Identity',
        description: "The strength of a student's sense of belonging and identity as a college student.",
      },
      {
        name: 'Academic Engagement',
        description: 'How consistently a continuing student invests effort in coursework and class participation.',
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Small word lists used by templates

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 41 courses (a prime, so a stride through the list never repeats within a student's term). */
export const COURSES: readonly string[] = [
  'MATH 121',
  'MATH 095',
  'MATH 151',
  'MATH 152',
  'STAT 200',
  'CHEM 101',
  'CHEM 102',
  'BIOL 110',
  'BIOL 201',
  'PHYS 201',
  'ENGL 101',
  'ENGL 102',
  'ENGL 230',
  'HIST 150',
  'HIST 210',
  'PSYC 100',
  'PSYC 230',
  'SOC 101',
  'ECON 201',
  'ECON 202',
  'ACCT 210',
  'BUSN 150',
  'CS 141',
  'CS 142',
  'CS 220',
  'SPAN 101',
  'SPAN 102',
  'FREN 101',
  'COMM 105',
  'PHIL 101',
  'POLS 101',
  'ART 120',
  'MUS 110',
  'NURS 220',
  'KINE 140',
  'EDUC 200',
  'ANTH 101',
  'GEOG 110',
  'ENGR 100',
  'HLTH 120',
  'CRIM 101',
];

export const ASSIGNMENTS: readonly string[] = [
  'Lab 3',
  'Lab 4',
  'Lab 6',
  'Problem Set 5',
  'Problem Set 7',
  'Quiz 4',
  'Quiz 6',
  'Homework 6',
  'Homework 8',
  'Essay 2',
  'the research paper draft',
  'the lab report',
  'the reading response',
  'the group project proposal',
  'the annotated bibliography',
  'the case study',
  'the midterm project',
  'the discussion post for week 9',
  'the chapter 5 exercises',
  'the presentation outline',
];

export const EXAMS: readonly string[] = ['midterm exam', 'second exam', 'unit 3 test', 'first exam', 'practical exam', 'chapter 7 test'];

export const LOW_GRADES: readonly string[] = ['C-', 'D+', 'D', 'D-', 'F'];

export const RESOURCES: readonly string[] = [
  'the Tutoring Center',
  'the Writing Center',
  'the Math Lab',
  'Counseling Services',
  'the Financial Aid Office',
  'the Career Center',
  'the Student Health Center',
  'the Dean of Students Office',
  'Disability Services',
  'the campus food pantry',
  'Residence Life',
  "the Registrar's Office",
];

export const FIELDS: readonly string[] = [
  'nursing',
  'data science',
  'public health',
  'accounting',
  'elementary education',
  'mechanical engineering',
  'graphic design',
  'social work',
  'marketing',
  'biotechnology',
  'criminal justice',
  'computer science',
  'physical therapy',
  'environmental science',
];

/** What a registration hold is for ("a registration hold for …"). */
export const HOLDS: readonly string[] = [
  'an unpaid balance',
  'missing immunization records',
  'a required advising appointment',
  'a library fine',
  'a missing high school transcript',
  'an unpaid parking citation',
];

export const EVENTS: readonly string[] = [
  'first-year success workshop',
  'resume workshop',
  'study abroad information session',
  'transfer fair',
  'financial literacy workshop',
  'career fair',
  'time management workshop',
  'peer mentoring kickoff',
];

// ---------------------------------------------------------------------------------------------
// Updates and alerts: topics, each tied to a category

export interface Topic {
  key: string;
  /** Active category id for this topic. */
  category: number;
  /** Older, now inactive categories used for the same topic on old notations. */
  legacy: readonly number[];
  /** Other categories often added alongside. */
  related: readonly number[];
  alertWeight: number;
  updateWeight: number;
  /** When set, alerts on this topic are sometimes raised by this (elevating) trigger id. */
  trigger?: number;
  observations: readonly Template[];
  actions: readonly Template[];
}

export const TOPICS: readonly Topic[] = [
  {
    key: 'attendance',
    category: 1,
    legacy: [2, 12],
    related: [26, 14, 11],
    alertWeight: 16,
    updateWeight: 6,
    trigger: 1,
    observations: [
      (c) => `${c.first} has missed ${c.n(3, 5)} of the last ${c.n(6, 8)} sessions of ${c.course}.`,
      (c) => `${c.first} was absent from ${c.course} again on ${c.day}, ${c.date}; this is the ${c.pick(['third', 'fourth', 'fifth'])} absence this month.`,
      (c) => `${c.first} has not attended ${c.course} since ${c.earlier} and has not answered my emails.`,
      (c) => `Attendance in ${c.course} has dropped off: ${c.first} came to only ${c.n(2, 4)} of the last ${c.n(8, 10)} class meetings.`,
      (c) => `${c.first} arrives 15 to 20 minutes late to ${c.course} most days and missed the quiz on ${c.date}.`,
    ],
    actions: [
      (c) => `Please reach out to ${c.first} to find out what is getting in the way of attending.`,
      (c) => `I have asked ${c.first} to come to office hours this week.`,
      () => 'Under the course attendance policy, further absences may lead to a failing grade.',
    ],
  },
  {
    key: 'missing',
    category: 3,
    legacy: [4],
    related: [27, 11, 5],
    alertWeight: 14,
    updateWeight: 6,
    observations: [
      (c) => `${c.first} has not submitted ${c.a()} or ${c.a2()} in ${c.course}.`,
      (c) => `${c.first} is missing ${c.n(3, 6)} assignments in ${c.course}, including ${c.a()}.`,
      (c) => `${c.a()} for ${c.course} was due ${c.day}, ${c.date} and has not been turned in.`,
      (c) => `${c.first} has zeros on ${c.a()} and ${c.a2()} in ${c.course} because neither was submitted.`,
    ],
    actions: [
      (c) => `${c.first} can still turn the work in for partial credit until ${c.later}.`,
      (c) => `Could someone in ${c.first}'s network check in about the missing work?`,
      () => 'I will accept the late work if it comes in by the end of next week.',
    ],
  },
  {
    key: 'failing',
    category: 5,
    legacy: [6, 20],
    related: [13, 19, 26],
    alertWeight: 16,
    updateWeight: 5,
    trigger: 2,
    observations: [
      (c) => `${c.first} currently has a ${c.n(42, 64)}% in ${c.course} and is at risk of failing the course.`,
      (c) => `${c.first} scored ${c.n(35, 59)}% on the ${c.pick(EXAMS)} in ${c.course}, which brings the course average to ${c.n(50, 66)}%.`,
      (c) => `With ${c.n(3, 5)} weeks left in the term, ${c.first} would need at least a B on the final to pass ${c.course}.`,
      (c) => `${c.first}'s midterm grade in ${c.course} is ${c.pick(LOW_GRADES)}.`,
    ],
    actions: [
      (c) => `Recommend weekly tutoring for ${c.course} and a conversation with the advisor about options.`,
      (c) => `${c.first} should talk with the advisor before the withdrawal deadline on ${c.later}.`,
      () => 'I have offered extra office hours before the next exam.',
    ],
  },
  {
    key: 'financial',
    category: 7,
    legacy: [8],
    related: [17, 18, 21],
    alertWeight: 9,
    updateWeight: 5,
    observations: [
      (c) => `${c.first} mentioned not being able to buy the required textbook for ${c.course}.`,
      (c) => `${c.first} has an outstanding balance and was told registration for next term may be blocked.`,
      (c) => `${c.first} is working close to ${c.n(28, 35)} hours a week to cover rent and is struggling to keep up.`,
      (c) => `${c.first}'s financial aid is on hold until the verification documents are turned in.`,
    ],
    actions: [
      (c) => `Referred ${c.first} to the Financial Aid Office and shared the emergency grant application.`,
      (c) => `${c.first} has an appointment with the Financial Aid Office on ${c.later}.`,
      () => 'The textbook lending library may have a copy; I sent the link.',
    ],
  },
  {
    key: 'participation',
    category: 9,
    legacy: [10],
    related: [1, 24],
    alertWeight: 4,
    updateWeight: 8,
    observations: [
      (c) => `${c.first} rarely speaks in ${c.course} discussions and did not contribute to the group check-in on ${c.date}.`,
      (c) => `${c.first} has not posted on the ${c.course} discussion board for ${c.n(2, 4)} weeks.`,
      (c) => `${c.first} comes to ${c.course} but seems checked out: no questions, no notes, camera off in the online sessions.`,
    ],
    actions: [
      (c) => `I will pair ${c.first} with a more outgoing group for the next project.`,
      (c) => `Encouraged ${c.first} to come to office hours, even just to talk through the reading.`,
    ],
  },
  {
    key: 'late',
    category: 11,
    legacy: [],
    related: [27, 3],
    alertWeight: 5,
    updateWeight: 6,
    observations: [
      (c) => `${c.first} has turned in the last ${c.n(3, 5)} assignments in ${c.course} late, most recently ${c.a()}.`,
      (c) => `${c.a()} for ${c.course} came in ${c.n(2, 6)} days late, which cost ${c.first} ${c.n(10, 30)} points.`,
    ],
    actions: [
      (c) => `Suggested ${c.first} start assignments the day they are posted.`,
      () => 'Late penalties are adding up; a planner or calendar reminders could help.',
    ],
  },
  {
    key: 'tutoring',
    category: 13,
    legacy: [30],
    related: [23, 5],
    alertWeight: 3,
    updateWeight: 10,
    observations: [
      (c) => `${c.first} would benefit from tutoring in ${c.course}; the last two quizzes show gaps in the fundamentals.`,
      (c) => `Recommended that ${c.first} go to the drop-in tutoring sessions for ${c.course}.`,
      (c) => `${c.first} asked about getting a tutor for ${c.course} after class on ${c.day}.`,
    ],
    actions: [
      (c) => `${c.first} booked a first session at the Tutoring Center for ${c.later}.`,
      () => 'The Math Lab has evening hours that fit the work schedule.',
    ],
  },
  {
    key: 'personal',
    category: 14,
    legacy: [15],
    related: [16, 28, 1],
    alertWeight: 6,
    updateWeight: 5,
    observations: [
      (c) => `${c.first} shared that a family situation at home is taking up a lot of time this month.`,
      (c) => `${c.first} let me know about a death in the family and will be away from classes until ${c.later}.`,
      (c) => `${c.first} is caring for a younger sibling and is having trouble getting to morning classes.`,
    ],
    actions: [
      (c) => `Asked ${c.first}'s instructors to be flexible with deadlines this week.`,
      (c) => `Let ${c.first} know the Dean of Students Office can help notify instructors.`,
    ],
  },
  {
    key: 'health',
    category: 16,
    legacy: [],
    related: [14, 1],
    alertWeight: 5,
    updateWeight: 4,
    observations: [
      (c) => `${c.first} has been sick and missed ${c.course} on ${c.date}; a note from the Student Health Center was provided.`,
      (c) => `${c.first} is recovering from surgery and will need accommodations in ${c.course} until ${c.later}.`,
      (c) => `${c.first} mentioned ongoing migraines that are making it hard to study.`,
    ],
    actions: [
      (c) => `${c.first} is working with Disability Services on temporary accommodations.`,
      () => 'Instructors have been asked to share notes for the missed sessions.',
    ],
  },
  {
    key: 'housing',
    category: 17,
    legacy: [],
    related: [7, 18, 14],
    alertWeight: 5,
    updateWeight: 2,
    observations: [
      (c) => `${c.first} shared that they lost their housing and are staying with friends for now.`,
      (c) => `${c.first} is commuting more than ${c.n(60, 90)} minutes each way after moving out of the residence hall.`,
      (c) => `${c.first}'s lease ends on ${c.later} and there is no plan yet for where to live.`,
    ],
    actions: [
      (c) => `Connected ${c.first} with the basic-needs coordinator about emergency housing.`,
      () => 'Residence Life has a short-term room available; I sent the request form.',
    ],
  },
  {
    key: 'food',
    category: 18,
    legacy: [],
    related: [7, 17],
    alertWeight: 4,
    updateWeight: 2,
    observations: [
      (c) => `${c.first} mentioned skipping meals to afford gas and books.`,
      (c) => `${c.first} asked whether the campus food pantry is open on weekends.`,
      (c) => `${c.first}'s meal plan ran out and they have been relying on friends for meals.`,
    ],
    actions: [
      (c) => `Walked ${c.first} over to the campus food pantry and explained the SNAP application.`,
      () => 'Shared the meal swipe donation program information.',
    ],
  },
  {
    key: 'probation',
    category: 19,
    legacy: [6],
    related: [5, 13, 23],
    alertWeight: 7,
    updateWeight: 3,
    observations: [
      (c) => `${c.first}'s term GPA is tracking at ${c.gpa(1.2, 1.95)}, which would bring the cumulative GPA below 2.0.`,
      (c) => `${c.first} is on academic warning and is below a C in both ${c.course} and ${c.course2}.`,
    ],
    actions: [
      (c) => `${c.first} needs an academic recovery plan before registering for next term.`,
      () => 'Please encourage the student to use tutoring and attend every class for the rest of the term.',
    ],
  },
  {
    key: 'hold',
    category: 21,
    legacy: [],
    related: [7],
    alertWeight: 3,
    updateWeight: 5,
    observations: [
      (c) => `${c.first} has a registration hold for ${c.pick(HOLDS)} and cannot register for next term.`,
      (c) => `Registration opens ${c.later} and ${c.first} still has a hold for ${c.pick(HOLDS)}.`,
    ],
    actions: [
      (c) => `Sent ${c.first} the steps to clear the hold with the Registrar's Office.`,
      () => 'Once the hold is cleared we will finalize the schedule together.',
    ],
  },
  {
    key: 'career',
    category: 22,
    legacy: [],
    related: [25],
    alertWeight: 0,
    updateWeight: 9,
    observations: [
      (c) => `${c.first} is exploring careers in ${c.pick(FIELDS)} and asked about internships for next summer.`,
      (c) => `Talked with ${c.first} about a possible major in ${c.pick(FIELDS)}; suggested an appointment at the Career Center.`,
      (c) => `${c.first} has an interview at the career fair on ${c.later} and we reviewed the resume together.`,
    ],
    actions: [(c) => `${c.first} will bring a draft cover letter to our next meeting.`, () => 'Sent a list of alumni contacts who work in the field.'],
  },
  {
    key: 'study',
    category: 23,
    legacy: [],
    related: [13, 27, 24],
    alertWeight: 2,
    updateWeight: 9,
    observations: [
      (c) => `${c.first} reads the chapters but has trouble retaining the material for ${c.course} exams.`,
      (c) => `Went over study strategies with ${c.first}: spaced practice, self-testing and using office hours for ${c.course}.`,
      (c) => `${c.first} only studies the night before exams; we talked about a weekly review schedule.`,
    ],
    actions: [
      (c) => `${c.first} will try the practice-test approach before the next ${c.course} exam.`,
      () => 'Recommended the study skills workshop series at the Tutoring Center.',
    ],
  },
  {
    key: 'anxiety',
    category: 24,
    legacy: [],
    related: [28, 23],
    alertWeight: 2,
    updateWeight: 5,
    observations: [
      (c) => `${c.first} knows the ${c.course} material in office hours but freezes on timed exams.`,
      (c) => `${c.first} left the ${c.course} exam on ${c.date} early, visibly anxious, without finishing.`,
      (c) => `${c.first} asked about testing accommodations for ${c.course}.`,
    ],
    actions: [
      (c) => `Referred ${c.first} to Disability Services and to the test anxiety workshop.`,
      () => 'Shared a few breathing and pacing strategies to try on the next exam.',
    ],
  },
  {
    key: 'transfer',
    category: 25,
    legacy: [],
    related: [22],
    alertWeight: 1,
    updateWeight: 5,
    observations: [
      (c) => `${c.first} is thinking about transferring after next term and asked whether ${c.course} will transfer.`,
      (c) => `${c.first} asked for help with transfer applications due ${c.later}.`,
    ],
    actions: [
      (c) => `Sent ${c.first} the articulation agreement for the state university system.`,
      () => 'We will review the transfer essay together next week.',
    ],
  },
  {
    key: 'withdrawal',
    category: 26,
    legacy: [],
    related: [5, 7, 14],
    alertWeight: 9,
    updateWeight: 3,
    trigger: 7,
    observations: [
      (c) => `${c.first} said they are thinking about withdrawing from ${c.course} before the deadline.`,
      (c) => `${c.first} mentioned not planning to come back next term.`,
      (c) => `${c.first} has not been to any classes since ${c.earlier} and has not responded to outreach.`,
    ],
    actions: [
      (c) => `Please contact ${c.first} before the withdrawal deadline on ${c.later}.`,
      () => 'We should talk through a reduced course load before a full withdrawal.',
    ],
  },
  {
    key: 'time',
    category: 27,
    legacy: [],
    related: [11, 3, 23],
    alertWeight: 2,
    updateWeight: 8,
    observations: [
      (c) => `${c.first} is working ${c.n(20, 35)} hours a week while taking ${c.n(15, 18)} credits, and the schedule is not sustainable.`,
      (c) => `${c.first} has been missing deadlines in ${c.course} and ${c.course2} because of a packed schedule.`,
      (c) => `Helped ${c.first} build a weekly plan with study blocks for ${c.course} and ${c.course2}.`,
    ],
    actions: [
      (c) => `${c.first} will try the plan for two weeks and then we will adjust it.`,
      () => 'Suggested dropping to three shifts a week during exam weeks.',
    ],
  },
  {
    key: 'mental',
    category: 28,
    legacy: [29],
    related: [14, 24, 16],
    alertWeight: 6,
    updateWeight: 3,
    observations: [
      (c) => `${c.first} seemed withdrawn in ${c.course} and mentioned not sleeping well for several weeks.`,
      (c) => `${c.first} shared feeling overwhelmed and anxious about classes; I walked them over to Counseling Services.`,
      (c) => `${c.first} asked how to make an appointment with Counseling Services.`,
    ],
    actions: [
      (c) => `${c.first} has an intake appointment at Counseling Services on ${c.later}.`,
      () => 'Please check in gently if you see the student in class this week.',
    ],
  },
];

/** Updates that are not about a concern: they carry no category. */
export const GENERAL_UPDATES: readonly Template[] = [
  (c) => `Met with ${c.first} to plan next term's schedule; ${c.first} will take ${c.course} and ${c.course2}.`,
  (c) => `Check-in with ${c.first}: classes are going well overall, and ${c.course} is the favorite so far.`,
  (c) => `${c.first} came to office hours on ${c.day} with questions about ${c.a()} in ${c.course}.`,
  (c) => `Quick update: ${c.first} is now caught up in ${c.course} after a rough start to the term.`,
  (c) => `Reviewed degree progress with ${c.first}; on track with the program requirements.`,
  (c) => `${c.first} joined a study group for ${c.course} and says it is helping.`,
  (c) => `${c.first} attended the ${c.pick(EVENTS)} on ${c.date}.`,
  (c) => `Phone call with ${c.first} about adding a minor; I will follow up after reviewing the catalog.`,
  (c) => `${c.first} scored ${c.n(80, 96)}% on the ${c.pick(EXAMS)} in ${c.course}, a big jump from the first exam.`,
  (c) => `Mid-term check-in with ${c.first}. No concerns at this time.`,
  (c) => `${c.first} asked for a letter of recommendation for a scholarship due ${c.later}.`,
  (c) => `Talked with ${c.first} about balancing ${c.course} and ${c.course2} with the work schedule.`,
];

/** An optional second paragraph for updates and alerts. */
export const FOLLOW_UPS: readonly Template[] = [
  (c) => `I will check in with ${c.first} again next week.`,
  (c) => `Follow-up meeting scheduled for ${c.later}.`,
  (c) => `Please add a comment here if you see ${c.first} in class.`,
  (c) => `Next step: ${c.first} will email me an update by ${c.later}.`,
  () => 'Sharing this with the rest of the success network so everyone has the same information.',
  (c) => `No reply yet to my email from ${c.day}; I will try calling.`,
  (c) => `${c.first} agreed to a short check-in after class on ${c.later}.`,
];

// ---------------------------------------------------------------------------------------------
// Data insights, encouragements, comments

export const DATA_INSIGHT_TEXT: Readonly<Record<DataInsightType, readonly Template[]>> = {
  BaselineSurvey: [
    (c) => `Baseline survey: ${c.first} expects to work ${c.n(10, 30)} hours a week during the term.`,
    (c) => `Baseline survey: ${c.first} is the first in the family to attend college.`,
    (c) => `Baseline survey: ${c.first} is somewhat worried about paying for college this year.`,
    (c) => `Baseline survey: ${c.first} rated confidence in math skills as ${c.pick(['low', 'moderate', 'high'])}.`,
    (c) => `Baseline survey: ${c.first} commutes more than ${c.n(30, 60)} minutes to campus.`,
  ],
  UnexcusedAbsence: [
    (c) => `${c.n(2, 5)} unexcused absences recorded in ${c.course} as of ${c.date}.`,
    (c) => `Unexcused absence recorded for ${c.course} on ${c.day}, ${c.date}.`,
    (c) => `${c.first} has ${c.n(3, 6)} unexcused absences across ${c.course} and ${c.course2} this term.`,
  ],
  Grade: [
    (c) => `Midterm grade posted for ${c.course}: ${c.pick(['A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D', 'F'])}.`,
    (c) => `Gradebook sync: ${c.first}'s current grade in ${c.course} is ${c.n(48, 98)}%.`,
    (c) => `Final grade posted for ${c.course}: ${c.pick(['A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D'])}.`,
    (c) => `${c.a()} in ${c.course} graded: ${c.n(40, 100)}/100.`,
  ],
  CustomQuestion: [
    (c) =>
      `Check-in question "How are your classes going?" answered: "${c.pick(['Behind in most classes', 'Fine so far', 'Struggling in one class', 'Better than expected'])}".`,
    (c) => `Check-in question "Are you planning to enroll next term?" answered: "${c.pick(['Yes', 'Yes', 'Not sure', 'No'])}".`,
    (c) => `Check-in question "Do you have reliable internet access at home?" answered: "${c.pick(['Yes', 'No'])}".`,
  ],
  AdministrationResponse: [
    (c) =>
      `${c.first} completed the Student Strengths Inventory. Lowest factor: ${c.pick(['Resiliency', 'Social Comfort', 'Academic Self-Efficacy', 'Campus Engagement'])} (percentile ${c.n(5, 30)}).`,
    (c) =>
      `${c.first} completed the Continuing Student Assessment. Highest factor: ${c.pick(['Career Maturity', 'Identity', 'Academic Engagement', 'Resiliency'])} (percentile ${c.n(70, 99)}).`,
    (c) => `${c.first} started the Continuing Student Assessment on ${c.date} but has not finished it.`,
  ],
  Api: [
    (c) => `LMS activity: ${c.first} has not opened the ${c.course} course materials in ${c.n(10, 20)} days.`,
    (c) => `Enrollment change: ${c.first} dropped ${c.course} on ${c.date}.`,
    (c) => `Enrollment change: ${c.first} added ${c.course} on ${c.date}.`,
    () => 'Financial aid status changed to "verification required".',
    (c) => `Cumulative GPA updated to ${c.gpa(1.6, 3.9)}.`,
  ],
};

/** Ids 1..9, same order as ENCOURAGEMENT_TYPES. */
export const ENCOURAGEMENT_TEXT: readonly (readonly Template[])[] = [
  [
    (c) => `${c.first} earned the top score in ${c.course} on ${c.a()}. Outstanding work!`,
    (c) => `${c.first}'s paper for ${c.course} was one of the strongest I have read this term.`,
    (c) => `Congratulations, ${c.first}, on making the Dean's List!`,
  ],
  [
    (c) => `${c.first} asked great questions in ${c.course} this week and kept the discussion moving.`,
    (c) => `Thank you for always coming prepared to ${c.course}, ${c.first}. Your contributions make the class better.`,
  ],
  [
    (c) => `${c.first}'s lab report for ${c.course} was carefully written and very well organized.`,
    (c) => `The attention to detail in ${c.first}'s ${c.course} project really shows.`,
  ],
  [
    (c) => `${c.first} found a creative way to solve the ${c.course} design problem that none of us had considered.`,
    (c) => `${c.first}'s idea for the ${c.course} group project was original and well researched.`,
  ],
  [
    (c) => `${c.first} has been helping classmates in the ${c.course} study group; several students said how much it helped.`,
    (c) => `Thank you, ${c.first}, for welcoming the new students in the peer mentoring program.`,
  ],
  [
    (c) => `${c.first} brings great energy to ${c.course} every day, even in the hard weeks.`,
    (c) => `${c.first}'s upbeat attitude made our group project a lot more fun.`,
  ],
  [
    (c) => `${c.first} revised ${c.a()} three times and the final version shows real growth. Keep it up!`,
    (c) => `Your hard work in ${c.course} is paying off, ${c.first}: ${c.n(12, 25)} points higher on this exam than the last one.`,
  ],
  [
    (c) => `${c.first} wrote a thoughtful reflection in ${c.course} that connected the reading to their own community.`,
    (c) => `${c.first} stayed after ${c.course} to make sure a struggling classmate understood the material. Very kind.`,
  ],
  [
    (c) => `Great job this term, ${c.first}! Keep up the momentum.`,
    (c) => `${c.first} volunteered ${c.n(20, 40)} hours at the campus food pantry this term. Thank you!`,
  ],
];

export const COMMENTS: readonly Template[] = [
  (c) => `Reached out to ${c.first} by email; waiting to hear back.`,
  (c) => `Spoke with ${c.first} after class. There is a plan in place and I will keep an eye on it.`,
  (c) => `${c.first} came to office hours on ${c.day} and we went over the material.`,
  (c) => `Thanks for flagging this. I have seen the same thing in ${c.course2}.`,
  (c) => `Left a voicemail for ${c.first} and sent a message through the advising system.`,
  (c) => `${c.first} has an appointment with ${c.pick(RESOURCES)} next week.`,
  (c) => `Update: ${c.first} turned in ${c.a()} yesterday.`,
  (c) => `I met with ${c.first} today. Things seem better this week.`,
  (c) => `Adding that ${c.first} has been doing noticeably better in class recently.`,
  (c) => `Connected ${c.first} with ${c.pick(RESOURCES)}.`,
  (c) => `Following up: no reply yet. I will try again on ${c.day}.`,
  () => 'Agree with the plan above.',
  (c) => `${c.first} told me the schedule should be lighter after next week.`,
];

export const LOWERING_COMMENTS: readonly Template[] = [
  (c) => `${c.first} has caught up on the missing work and is attending regularly. Lowering this alert.`,
  (c) => `Met with ${c.first}; the issue has been resolved. Lowering the alert.`,
  (c) => `${c.first} is now passing ${c.course} with ${c.n(70, 85)}%. Lowering this alert.`,
  (c) => `Resolved: ${c.first} is connected with ${c.pick(RESOURCES)} and has a plan. Lowering.`,
  (c) => `${c.first} withdrew from ${c.course} with a W after talking with the advisor; no further action needed. Lowering.`,
  (c) => `Attendance has been consistent for ${c.n(2, 4)} weeks now. Lowering this alert.`,
  (c) => `Resolved after our meeting on ${c.day}. Lowering the alert; please raise a new one if things change.`,
];
