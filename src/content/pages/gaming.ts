import type { GamingPageCopy } from '../../schemas/pages'
import { external } from '../external'

export const gamingPage = {
  meta: {
    title: 'Gamified Experience — XR Stores',
    description:
      'Quiz and memory games inside your 3D store: shoppers play, learn your products and win rewards that bring them back.',
  },
  heading: 'Gamified Experience',
  lead: 'Games turn a visit into a reason to stay. Shoppers play inside your store, discover your products along the way and leave with a reward.',
  games: [
    {
      id: 'quiz',
      title: 'Quiz Game',
      video: {
        src: '/media/pages/gaming/quiz.mp4',
        poster: '/media/pages/gaming/quiz.webp',
        width: 640,
        height: 360,
      },
      videoLabel: 'A quiz about a brand’s products, with a player choosing answers and scoring points.',
      description: 'A short quiz about your brand and products, played in the store.',
      longDescription:
        'Each question introduces a product, a material or a story behind your brand. Players race the clock, see their score at the end and unlock a discount when they do well.',
      url: external.games.quiz,
      benefits: [
        'Teaches shoppers about your products',
        'Rewards correct answers with discounts',
        'Collects zero-party preference data',
        'Questions are easy to update per campaign',
      ],
    },
    {
      id: 'memory-match',
      title: 'Memory Match Challenge',
      video: {
        src: '/media/pages/gaming/memory-match.mp4',
        poster: '/media/pages/gaming/memory-match.webp',
        width: 640,
        height: 360,
      },
      videoLabel: 'A memory game where a player flips cards showing products and matches the pairs.',
      description: 'Flip the cards and match pairs of your products against the clock.',
      longDescription:
        'Cards show your products, so every match makes a shopper look twice at what you sell. A leaderboard and a time limit keep it competitive, and friends can challenge each other.',
      url: external.games.memoryMatch,
      benefits: [
        'Puts your products in front of every player',
        'Leaderboards keep players coming back',
        'Friends can challenge each other',
        'Playable on phones, laptops and headsets',
      ],
    },
  ],
} satisfies GamingPageCopy
