import { encodeOptions, type OptionLetter } from '../../src/lib/options-codec';
import { created } from '../db/rows';
import type { DemoContext } from './demo-context';
import { sponsorPng } from './sponsor-image';

// Demo question bank: six categories and 42 questions, a few with a generated sponsor image, some with
// commas inside their options (so the codec's robustness shows on screen).

type DemoQuestion = [description: string, hint: string, options: [string, string, string, string], correct: OptionLetter];

interface DemoCategory {
  name: string;
  /** Sponsor image colour (RGB) for the questions of this category that carry one. */
  colour: [number, number, number];
  questions: DemoQuestion[];
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Geography',
    colour: [33, 150, 243],
    questions: [
      ['What is the capital of France?', 'City of light', ['Paris', 'Lyon', 'Marseille', 'Nice'], 'A'],
      ['Which is the longest river in the world?', 'Africa', ['Amazon', 'Nile', 'Yangtze', 'Mississippi'], 'B'],
      ['Which country has the most islands?', '', ['Norway', 'Indonesia', 'Sweden', 'Philippines'], 'C'],
      ['Mount Kilimanjaro is in which country?', 'East Africa', ['Kenya', 'Uganda', 'Tanzania', 'Ethiopia'], 'C'],
      ['Which desert is the largest hot desert?', '', ['Gobi', 'Kalahari', 'Arabian', 'Sahara'], 'D'],
      ['Which city sits on two continents?', 'Bosphorus', ['Istanbul, Turkey', 'Cairo, Egypt', 'Moscow, Russia', 'Athens, Greece'], 'A'],
      ['What is the smallest country by area?', '', ['Monaco', 'Vatican City', 'San Marino', 'Liechtenstein'], 'B'],
    ],
  },
  {
    name: 'Science',
    colour: [76, 175, 80],
    questions: [
      ['What is the chemical symbol for gold?', 'Latin: aurum', ['Ag', 'Au', 'Gd', 'Go'], 'B'],
      ['How many planets are in the Solar System?', '', ['7', '8', '9', '10'], 'B'],
      ['What gas do plants absorb from the air?', 'Photosynthesis', ['Oxygen', 'Nitrogen', 'Carbon dioxide', 'Helium'], 'C'],
      ['What is the speed of light, roughly?', 'In a vacuum', ['300,000 km/s', '150,000 km/s', '30,000 km/s', '3,000 km/s'], 'A'],
      ['Which organ pumps blood through the body?', '', ['Lungs', 'Liver', 'Kidneys', 'Heart'], 'D'],
      ['What is H2O better known as?', '', ['Salt', 'Water', 'Hydrogen peroxide', 'Ozone'], 'B'],
      ['Which particle has a negative charge?', '', ['Proton', 'Neutron', 'Electron', 'Photon'], 'C'],
    ],
  },
  {
    name: 'History',
    colour: [121, 85, 72],
    questions: [
      ['In which year did the Berlin Wall fall?', '', ['1987', '1989', '1991', '1993'], 'B'],
      [
        'Who was the first person to walk on the Moon?',
        'Apollo 11',
        ['Buzz Aldrin', 'Yuri Gagarin', 'Neil Armstrong', 'Michael Collins'],
        'C',
      ],
      ['Which empire built Machu Picchu?', 'Andes', ['Aztec', 'Maya', 'Olmec', 'Inca'], 'D'],
      ['Who painted the Mona Lisa?', '', ['Leonardo da Vinci', 'Michelangelo', 'Raphael', 'Titian'], 'A'],
      ['The Magna Carta was sealed in which year?', 'King John', ['1066', '1215', '1415', '1588'], 'B'],
      ['Which ship sank on its maiden voyage in 1912?', '', ['Lusitania', 'Britannic', 'Titanic', 'Olympic'], 'C'],
      ['Who wrote "Veni, vidi, vici"?', 'A Roman general', ['Augustus', 'Julius Caesar', 'Nero', 'Cicero'], 'B'],
    ],
  },
  {
    name: 'Sport',
    colour: [255, 152, 0],
    questions: [
      ['How many players does a football team field?', 'Including the goalkeeper', ['9', '10', '11', '12'], 'C'],
      ['Which country has won the most FIFA World Cups?', '', ['Germany', 'Italy', 'Argentina', 'Brazil'], 'D'],
      ['In tennis, what is a score of zero called?', '', ['Love', 'Nil', 'Duck', 'Zero'], 'A'],
      ['How long is a marathon?', 'Kilometres', ['40.0 km', '42.195 km', '45.5 km', '50 km'], 'B'],
      ['Which sport uses a shuttlecock?', '', ['Squash', 'Badminton', 'Table tennis', 'Padel'], 'B'],
      ['Where were the first modern Olympic Games held?', '1896', ['Paris', 'London', 'Athens', 'Rome'], 'C'],
      ['How many rings are on the Olympic flag?', '', ['4', '5', '6', '7'], 'B'],
    ],
  },
  {
    name: 'Music',
    colour: [156, 39, 176],
    questions: [
      ['How many strings does a standard guitar have?', '', ['4', '5', '6', '7'], 'C'],
      ['Who composed the "Moonlight Sonata"?', '', ['Mozart', 'Beethoven', 'Chopin', 'Bach'], 'B'],
      ['Which band sang "Bohemian Rhapsody"?', '1975', ['Queen', 'The Beatles', 'Led Zeppelin', 'ABBA'], 'A'],
      ['Which instrument has 88 keys?', '', ['Organ', 'Accordion', 'Harpsichord', 'Piano'], 'D'],
      ['What are the notes of a C major chord?', 'A triad', ['C, E, G', 'C, D, E', 'C, F, A', 'C, E, A'], 'A'],
      ['Which city is the birthplace of jazz?', 'Louisiana', ['Chicago', 'New Orleans', 'New York', 'Memphis'], 'B'],
      ['How many musicians are in a quartet?', '', ['2', '3', '4', '5'], 'C'],
    ],
  },
  {
    name: 'Food & Drink',
    colour: [244, 67, 54],
    questions: [
      ['Which country is the origin of sushi?', '', ['China', 'Korea', 'Japan', 'Thailand'], 'C'],
      ['What is the main ingredient of guacamole?', '', ['Avocado', 'Tomato', 'Lime', 'Onion'], 'A'],
      ['Which spice is the most expensive by weight?', 'From a crocus', ['Vanilla', 'Cardamom', 'Saffron', 'Cinnamon'], 'C'],
      [
        'What is a Margherita pizza topped with?',
        'The Italian flag',
        ['Tomato, mozzarella, basil', 'Ham, pineapple', 'Mushrooms, olives', 'Salami, peppers'],
        'A',
      ],
      ['Which drink is made from fermented grapes?', '', ['Beer', 'Cider', 'Sake', 'Wine'], 'D'],
      ['Which nut is used to make marzipan?', '', ['Walnut', 'Almond', 'Hazelnut', 'Cashew'], 'B'],
      ['What kind of pastry is a croissant made of?', 'Butter, folded many times', ['Shortcrust', 'Choux', 'Laminated dough', 'Filo'], 'C'],
    ],
  },
];

/** Every fourth question of a category carries a sponsor image. */
const HAS_IMAGE = (index: number) => index % 4 === 0;

/** Demo step: the categories, then their questions (images only when the seed was given an upload store). */
export async function seedCategoriesAndQuestions(demo: DemoContext): Promise<void> {
  const { db, clock, clientId, uploads } = demo;
  for (const category of DEMO_CATEGORIES) {
    const { id: categoryId } = await db
      .insertInto('categories')
      .values({ name: category.name, ...created(clock, clientId) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, [description, hint, options, correct]] of category.questions.entries()) {
      // One file per question: deleting or replacing a question's image removes its file.
      const image =
        uploads && HAS_IMAGE(index)
          ? await uploads.saveImage({ field: 'image', filename: 'sponsor.png', data: sponsorPng(category.colour) })
          : null;
      await db
        .insertInto('questions')
        .values({
          category_id: categoryId,
          description,
          hint,
          options: encodeOptions(options),
          correct_option: correct,
          image,
          ...created(clock, clientId),
        })
        .execute();
    }
  }
}
