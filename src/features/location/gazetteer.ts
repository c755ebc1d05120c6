// The storefront's offline gazetteer: the localities of the cities we deliver in, each with its
// pincode, state, approximate centre and a landmark shoppers know. Reverse geocoding (SPEC §7.1),
// the pincode search and the offline basemap of /address-map all read this one table, so the
// storefront works on a fresh machine with nothing fetched from outside.
//
// Source: compiled by hand for this project (no dataset was copied). Pincodes are the ones India
// Post assigns to each locality's head post office; centres are approximate (a few hundred
// metres); landmarks are well-known places inside each locality. Every locality the embedded
// sellers name (src/network/catalogue/cities.ts) is here with the same pincode and centre; a unit
// test keeps the two in step. The storefront never imports src/network at run time: the seller
// network stands for the outside world.

interface GazetteerLocality {
  name: string;
  pincode: string;
  lat: number;
  lng: number;
  landmark: string;
}

export interface GazetteerCity {
  /** lower-case id, as the deliveryLocation cookie and ONDC city lists name it */
  id: string;
  name: string;
  state: string;
  /** Other names shoppers type for the city. */
  aliases: readonly string[];
  /** The first three digits of the pincodes that belong to the city (postal sorting districts). */
  pincodePrefixes: readonly string[];
  localities: readonly GazetteerLocality[];
}

/** A locality with its city, the row reverse geocoding and search answer with. */
export interface Place extends GazetteerLocality {
  cityId: string;
  city: string;
  state: string;
}

function at(name: string, pincode: string, lat: number, lng: number, landmark: string): GazetteerLocality {
  return { name, pincode, lat, lng, landmark };
}

export const GAZETTEER: readonly GazetteerCity[] = [
  {
    id: 'delhi',
    name: 'Delhi',
    state: 'Delhi',
    aliases: ['new delhi', 'ncr', 'nct of delhi'],
    pincodePrefixes: ['110'],
    localities: [
      at('Connaught Place', '110001', 28.6315, 77.2167, 'Central Park'),
      at('Karol Bagh', '110005', 28.6519, 77.1909, 'Ajmal Khan Road Market'),
      at('Chandni Chowk', '110006', 28.6506, 77.2303, 'Red Fort'),
      at('Paharganj', '110055', 28.644, 77.213, 'New Delhi Railway Station'),
      at('Civil Lines', '110054', 28.6814, 77.2226, 'Civil Lines Metro Station'),
      at('Model Town', '110009', 28.7157, 77.191, 'Model Town Lake'),
      at('Pitampura', '110034', 28.699, 77.1384, 'Pitampura TV Tower'),
      at('Rohini', '110085', 28.7162, 77.114, 'Rohini West Metro Station'),
      at('Shahdara', '110032', 28.6733, 77.2894, 'Shahdara Metro Station'),
      at('Preet Vihar', '110092', 28.6418, 77.295, 'Preet Vihar Metro Station'),
      at('Mayur Vihar Phase 1', '110091', 28.6044, 77.2947, 'Mayur Vihar Phase-1 Metro Station'),
      at('Rajouri Garden', '110027', 28.6415, 77.1209, 'Rajouri Garden Metro Station'),
      at('Janakpuri', '110058', 28.6219, 77.0878, 'Janakpuri District Centre'),
      at('Dwarka', '110075', 28.5823, 77.05, 'Dwarka Sector 10 Metro Station'),
      at('Chanakyapuri', '110021', 28.5961, 77.1883, 'Nehru Park'),
      at('Lajpat Nagar', '110024', 28.5677, 77.2433, 'Lajpat Nagar Central Market'),
      at('Hauz Khas', '110016', 28.5494, 77.2001, 'Hauz Khas Village'),
      at('Greater Kailash I', '110048', 28.5482, 77.2372, 'M Block Market'),
      at('Kalkaji', '110019', 28.5494, 77.2588, 'Kalkaji Mandir'),
      at('Saket', '110017', 28.5245, 77.2066, 'Select Citywalk'),
      at('Mehrauli', '110030', 28.5245, 77.1855, 'Qutub Minar'),
      at('Vasant Kunj', '110070', 28.5293, 77.1519, 'Ambience Mall Vasant Kunj'),
      at('Narela', '110040', 28.8527, 77.0929, 'Narela Industrial Area'),
    ],
  },
  {
    id: 'bengaluru',
    name: 'Bengaluru',
    state: 'Karnataka',
    aliases: ['bangalore', 'bengaluru urban', 'blr'],
    pincodePrefixes: ['560', '562'],
    localities: [
      at('HSR Layout', '560102', 12.9121, 77.6446, 'BDA Complex HSR Layout'),
      at('Koramangala', '560034', 12.9352, 77.6245, 'Nexus Mall Koramangala'),
      at('BTM Layout', '560076', 12.9166, 77.6101, 'Madiwala Lake'),
      at('Bellandur', '560103', 12.926, 77.6762, 'Bellandur Lake'),
      at('Marathahalli', '560037', 12.9569, 77.7011, 'Marathahalli Bridge'),
      at('Whitefield', '560066', 12.9698, 77.75, 'International Tech Park (ITPL)'),
      at('Indiranagar', '560038', 12.9784, 77.6408, 'Indiranagar Metro Station'),
      at('MG Road', '560001', 12.9756, 77.6066, 'MG Road Metro Station'),
      at('Frazer Town', '560005', 12.9985, 77.614, 'Mosque Road'),
      at('Banaswadi', '560043', 13.0104, 77.6482, 'Banaswadi Railway Station'),
      at('Hebbal', '560024', 13.0358, 77.597, 'Hebbal Flyover'),
      at('Yeshwanthpur', '560022', 13.0237, 77.55, 'Yeshwanthpur Railway Station'),
      at('Malleshwaram', '560003', 13.0035, 77.5709, 'Mantri Square Mall'),
      at('Rajajinagar', '560010', 12.991, 77.5525, 'ISKCON Temple Rajajinagar'),
      at('Basavanagudi', '560004', 12.942, 77.5738, 'Bull Temple'),
      at('Jayanagar', '560041', 12.925, 77.5938, 'Jayanagar 4th Block Shopping Complex'),
      at('Banashankari', '560070', 12.9255, 77.5468, 'Banashankari Temple'),
      at('JP Nagar', '560078', 12.9063, 77.5857, 'Puttenahalli Lake'),
      at('Electronic City', '560100', 12.8452, 77.6602, 'Infosys Electronic City Campus'),
      at('Kengeri', '560060', 12.908, 77.482, 'Kengeri Satellite Town Bus Stand'),
      at('Yelahanka', '560064', 13.1007, 77.5963, 'Yelahanka Lake'),
    ],
  },
  {
    id: 'mumbai',
    name: 'Mumbai',
    state: 'Maharashtra',
    aliases: ['bombay', 'mumbai suburban'],
    pincodePrefixes: ['400', '401'],
    localities: [
      at('Colaba', '400005', 18.9067, 72.8147, 'Colaba Causeway'),
      at('Fort', '400001', 18.932, 72.835, 'Chhatrapati Shivaji Maharaj Terminus'),
      at('Lower Parel', '400013', 18.9953, 72.8302, 'Phoenix Palladium'),
      at('Worli', '400018', 19.0176, 72.817, 'Worli Sea Face'),
      at('Dadar West', '400028', 19.0178, 72.8478, 'Shivaji Park'),
      at('Matunga', '400019', 19.027, 72.857, "King's Circle"),
      at('Bandra West', '400050', 19.0596, 72.8295, 'Bandstand Promenade'),
      at('Santacruz West', '400054', 19.081, 72.8368, 'Santacruz Railway Station'),
      at('Kurla West', '400070', 19.0726, 72.8795, 'Phoenix Marketcity Kurla'),
      at('Chembur', '400071', 19.0522, 72.9005, 'Diamond Garden'),
      at('Ghatkopar East', '400077', 19.079, 72.908, 'Ghatkopar Railway Station'),
      at('Vile Parle East', '400057', 19.099, 72.85, 'Vile Parle Railway Station'),
      at('Juhu', '400049', 19.1075, 72.8263, 'Juhu Beach'),
      at('Andheri West', '400058', 19.1364, 72.8296, 'D N Nagar Metro Station'),
      at('Powai', '400076', 19.1176, 72.906, 'Hiranandani Gardens'),
      at('Goregaon East', '400063', 19.1663, 72.8526, 'Oberoi Mall'),
      at('Malad West', '400064', 19.1874, 72.8484, 'Infiniti Mall Malad'),
      at('Mulund West', '400080', 19.1726, 72.9425, 'R Mall Mulund'),
      at('Kandivali West', '400067', 19.205, 72.84, 'Kandivali Railway Station'),
      at('Borivali West', '400092', 19.2307, 72.8567, 'Borivali Railway Station'),
      at('Gorai', '400091', 19.2467, 72.785, 'Gorai Beach'),
    ],
  },
  {
    id: 'pune',
    name: 'Pune',
    state: 'Maharashtra',
    aliases: ['poona', 'pimpri-chinchwad'],
    pincodePrefixes: ['411', '412'],
    localities: [
      at('Koregaon Park', '411001', 18.5362, 73.894, 'Osho Teerth Park'),
      at('Kalyani Nagar', '411006', 18.5463, 73.9033, 'Aga Khan Palace'),
      at('Viman Nagar', '411014', 18.5679, 73.9143, 'Phoenix Marketcity Pune'),
      at('Hadapsar', '411028', 18.5089, 73.926, 'Hadapsar Gadital'),
      at('Kondhwa', '411048', 18.477, 73.891, 'NIBM Road'),
      at('Katraj', '411046', 18.4529, 73.8652, 'Rajiv Gandhi Zoological Park'),
      at('Swargate', '411042', 18.5018, 73.8636, 'Swargate Bus Stand'),
      at('Deccan Gymkhana', '411004', 18.516, 73.841, 'Fergusson College'),
      at('Shivajinagar', '411005', 18.5308, 73.8475, 'Jangli Maharaj Road'),
      at('Kothrud', '411038', 18.5074, 73.8077, 'City Pride Kothrud'),
      at('Warje', '411058', 18.485, 73.8, 'Warje Bridge'),
      at('Aundh', '411007', 18.558, 73.8075, 'Westend Mall Aundh'),
      at('Baner', '411045', 18.559, 73.7868, 'Balewadi High Street'),
      at('Pimple Saudagar', '411027', 18.5987, 73.7993, 'Kunal Icon Road'),
      at('Pimpri', '411018', 18.6298, 73.7997, 'PCMC Building'),
      at('Hinjawadi', '411057', 18.5913, 73.7389, 'Rajiv Gandhi Infotech Park'),
      at('Wagholi', '412207', 18.5808, 73.9787, 'Wagholi Bus Stand'),
    ],
  },
  {
    id: 'hyderabad',
    name: 'Hyderabad',
    state: 'Telangana',
    aliases: ['secunderabad', 'cyberabad', 'hyd'],
    pincodePrefixes: ['500', '501', '502'],
    localities: [
      at('Charminar', '500002', 17.3616, 78.4747, 'Charminar'),
      at('Abids', '500001', 17.392, 78.476, 'Abids GPO'),
      at('Malakpet', '500036', 17.374, 78.503, 'Malakpet Race Course'),
      at('Dilsukhnagar', '500060', 17.3688, 78.5247, 'Dilsukhnagar Bus Station'),
      at('LB Nagar', '500074', 17.3457, 78.5522, 'LB Nagar Metro Station'),
      at('Uppal', '500039', 17.4018, 78.5602, 'Rajiv Gandhi International Cricket Stadium'),
      at('Himayatnagar', '500029', 17.4, 78.486, 'Himayatnagar Main Road'),
      at('Secunderabad', '500003', 17.4399, 78.4983, 'Secunderabad Railway Station'),
      at('Somajiguda', '500082', 17.4239, 78.46, 'Yashoda Hospital Somajiguda'),
      at('Ameerpet', '500016', 17.4375, 78.4482, 'Ameerpet Metro Station'),
      at('Banjara Hills', '500034', 17.4156, 78.4347, 'GVK One Mall'),
      at('Mehdipatnam', '500028', 17.3959, 78.4386, 'Mehdipatnam Rythu Bazar'),
      at('Tolichowki', '500008', 17.398, 78.417, 'Golconda Fort'),
      at('Jubilee Hills', '500033', 17.4325, 78.4073, 'Jubilee Hills Check Post'),
      at('Madhapur', '500081', 17.4483, 78.3915, 'Inorbit Mall Cyberabad'),
      at('Gachibowli', '500032', 17.4401, 78.3489, 'Gachibowli Stadium'),
      at('Kondapur', '500084', 17.47, 78.357, 'Sarath City Capital Mall'),
      at('Kukatpally', '500072', 17.4849, 78.4138, 'Kukatpally Y Junction'),
      at('Miyapur', '500049', 17.496, 78.357, 'Miyapur Metro Station'),
      at('Shamshabad', '501218', 17.2403, 78.4294, 'Rajiv Gandhi International Airport'),
    ],
  },
  {
    id: 'chennai',
    name: 'Chennai',
    state: 'Tamil Nadu',
    aliases: ['madras'],
    pincodePrefixes: ['600', '601', '603'],
    localities: [
      at('George Town', '600001', 13.09, 80.288, "Parry's Corner"),
      at('Egmore', '600008', 13.0732, 80.2609, 'Egmore Railway Station'),
      at('Perambur', '600011', 13.121, 80.233, 'Perambur Railway Station'),
      at('Anna Nagar', '600040', 13.085, 80.2101, 'Anna Nagar Tower Park'),
      at('Nungambakkam', '600034', 13.0569, 80.2425, 'Valluvar Kottam'),
      at('Royapettah', '600014', 13.054, 80.264, 'Express Avenue'),
      at('Kodambakkam', '600024', 13.0521, 80.2255, 'Kodambakkam Railway Station'),
      at('Vadapalani', '600026', 13.05, 80.2121, 'Vadapalani Murugan Temple'),
      at('K.K. Nagar', '600078', 13.04, 80.199, 'Sivan Park'),
      at('T. Nagar', '600017', 13.0418, 80.2341, 'Pondy Bazaar'),
      at('Mylapore', '600004', 13.0368, 80.2676, 'Kapaleeshwarar Temple'),
      at('Adyar', '600020', 13.0012, 80.2565, 'Theosophical Society'),
      at('Besant Nagar', '600090', 13.0003, 80.2667, "Elliot's Beach"),
      at('Thiruvanmiyur', '600041', 12.983, 80.2594, 'Marundeeswarar Temple'),
      at('Guindy', '600032', 13.0067, 80.2206, 'Guindy National Park'),
      at('Velachery', '600042', 12.9815, 80.218, 'Phoenix Marketcity Chennai'),
      at('Porur', '600116', 13.0382, 80.1565, 'Porur Lake'),
      at('Chromepet', '600044', 12.9516, 80.1462, 'Chromepet Railway Station'),
      at('Sholinganallur', '600119', 12.901, 80.2279, 'Sholinganallur Junction'),
      at('Tambaram', '600045', 12.9249, 80.1, 'Tambaram Railway Station'),
    ],
  },
];

/** Every locality with its city and state, the rows reverse geocoding and search go through. */
export const PLACES: readonly Place[] = GAZETTEER.flatMap((city) =>
  city.localities.map((l) => ({ ...l, cityId: city.id, city: city.name, state: city.state })),
);

/** The city a shopper means by a name they typed ("Bangalore", "new delhi"), if we know it. */
export function findCityByName(name: string): GazetteerCity | undefined {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return undefined;
  return GAZETTEER.find((c) => c.id === wanted || c.name.toLowerCase() === wanted || c.aliases.includes(wanted));
}

/** The known city whose postal district a pincode falls in, if any. */
export function findCityByPincode(pincode: string): GazetteerCity | undefined {
  return GAZETTEER.find((c) => c.pincodePrefixes.some((prefix) => pincode.startsWith(prefix)));
}
